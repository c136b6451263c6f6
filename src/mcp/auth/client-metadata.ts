/**
 * Where the app's OAuth pages live: beside index.html, wherever the app is deployed, so both URLs are derived at
 * run time from the page's base URI (document.baseURI) rather than fixed at build time. A Client ID Metadata
 * Document's client_id must equal the URL it is served from, so its content is derived the same way.
 */
export const CLIENT_METADATA_FILE = 'oauth-client-metadata.json';
const CALLBACK_FILE = 'oauth-callback.html';

export function appOAuthUrls(baseUri: string): { redirectUrl: string; clientMetadataUrl: string } {
  return {
    redirectUrl: new URL(CALLBACK_FILE, baseUri).href,
    clientMetadataUrl: new URL(CLIENT_METADATA_FILE, baseUri).href,
  };
}

/** The document served at clientMetadataUrl for a deployment whose page base is `baseUri`. */
export function clientMetadataDocument(baseUri: string, clientName = 'Toolscope'): Record<string, unknown> {
  const { redirectUrl, clientMetadataUrl } = appOAuthUrls(baseUri);
  return {
    client_id: clientMetadataUrl,
    client_name: clientName,
    client_uri: new URL('./', baseUri).href,
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}
