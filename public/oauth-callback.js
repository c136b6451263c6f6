// The authorization server sends the person here with ?code=…&state=… (or ?error=…). In a sign-in popup (opened
// while a run was in progress) the address goes back to the tab that opened it, same origin only, and the popup
// closes; otherwise the app beside this page finishes the sign-in: the query goes along, the page stays out of the
// history.
(function () {
  var opener = window.opener;
  if (opener) {
    try {
      opener.postMessage({ type: 'toolscope-mcp-sign-in', href: location.href }, location.origin);
      window.close();
      return;
    } catch (e) {
      // An opener of another origin or gone: finish here instead.
    }
  }
  location.replace('./' + location.search + '#/tools');
})();
