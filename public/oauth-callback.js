// The authorization server sends the person here with ?code=…&state=… (or ?error=…). The app beside this page
// finishes the sign-in; the query goes along, the page stays out of the history.
location.replace('./' + location.search + '#/tools');
