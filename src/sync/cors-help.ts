import type { StorageKind } from './blob-store';

/**
 * What a storage must allow so this page may talk to it (CORS). The page cannot tell a CORS refusal from a
 * storage that is down: both are a failed fetch, so the message names both and shows the configuration.
 */
export type CorsServer = 'apache' | 'nginx' | 'nextcloud' | 's3';

const METHODS_DAV = 'GET, PUT, DELETE, PROPFIND, MKCOL, OPTIONS';
const HEADERS = 'Authorization, Content-Type, Depth, If-None-Match';

export function corsSnippet(server: CorsServer, origin: string): string {
  switch (server) {
    case 'apache':
      return [
        '# inside the <Directory> or <Location> that serves the storage (mod_headers, mod_dav)',
        `Header always set Access-Control-Allow-Origin "${origin}"`,
        `Header always set Access-Control-Allow-Methods "${METHODS_DAV}"`,
        `Header always set Access-Control-Allow-Headers "${HEADERS}"`,
        'Header always set Access-Control-Expose-Headers "ETag"',
        '<LimitExcept OPTIONS>',
        '  Require valid-user',
        '</LimitExcept>',
      ].join('\n');
    case 'nginx':
      return [
        `add_header Access-Control-Allow-Origin "${origin}" always;`,
        `add_header Access-Control-Allow-Methods "${METHODS_DAV}" always;`,
        `add_header Access-Control-Allow-Headers "${HEADERS}" always;`,
        'add_header Access-Control-Expose-Headers "ETag" always;',
        'if ($request_method = OPTIONS) { return 204; }',
      ].join('\n');
    case 'nextcloud':
      return [
        '# Nextcloud: the WebDAV folder is https://<host>/remote.php/dav/files/<user>/<folder>/',
        '# Its own CORS allows only listed domains; add this page in config/config.php:',
        `'cors.allowed-domains' => ['${origin}'],`,
        '# or put the Apache/nginx lines above in front of remote.php/dav.',
      ].join('\n');
    case 's3':
      return JSON.stringify(
        [
          {
            AllowedOrigins: [origin],
            AllowedMethods: ['GET', 'PUT', 'DELETE', 'HEAD'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3600,
          },
        ],
        null,
        2,
      );
  }
}

/** The servers whose snippets fit a storage kind. */
export function corsServersFor(kind: StorageKind): CorsServer[] {
  return kind === 's3' ? ['s3'] : ['apache', 'nginx', 'nextcloud'];
}

/** The sentence shown when a fetch to the storage fails outright. */
export function corsRefusalText(kind: StorageKind, storageUrl: string, origin: string): string {
  let host = storageUrl;
  try {
    host = new URL(storageUrl).origin;
  } catch {
    // keep the text as typed
  }
  const what = kind === 's3' ? "the bucket's CORS rules" : "the server's CORS headers";
  return `The storage at ${host} refused this page (CORS) or could not be reached. If it is up, allow ${origin} in ${what}; see the configuration below.`;
}
