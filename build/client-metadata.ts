import type { Plugin } from 'vite';
import { appOAuthUrls, clientMetadataDocument, CLIENT_METADATA_FILE } from '../src/mcp/auth/client-metadata';

/** The build's public address: where index.html will be served from (README, "Deploy"). */
const PUBLIC_URL_ENV = 'TOOLSCOPE_PUBLIC_URL';

type ClientMetadataFile = { fileName: string; url: string; text: string };

/**
 * The Client ID Metadata Document for an app deployed at `publicUrl` (the folder that holds index.html). Its
 * client_id must equal the URL it is served from, so the document can only be written once that address is known;
 * authorization servers fetch it over https, so only an https address qualifies.
 */
export function clientMetadataFile(publicUrl: string): ClientMetadataFile {
  let base: URL;
  try {
    base = new URL(publicUrl);
  } catch {
    throw new Error(
      `${PUBLIC_URL_ENV}="${publicUrl}" is not a web address. Set it to where index.html is served, e.g. https://example.com/toolscope/.`,
    );
  }
  if (base.protocol !== 'https:')
    throw new Error(
      `${PUBLIC_URL_ENV}="${publicUrl}" must be an https:// address: authorization servers fetch the Client ID Metadata Document over https only.`,
    );
  base.search = '';
  base.hash = '';
  // "https://h/app" and "https://h/app/index.html" both mean the folder /app/.
  if (base.pathname.endsWith('/index.html')) base.pathname = base.pathname.slice(0, -'index.html'.length);
  else if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = appOAuthUrls(base.href).clientMetadataUrl;
  return {
    fileName: CLIENT_METADATA_FILE,
    url,
    text: `${JSON.stringify(clientMetadataDocument(base.href), null, 2)}\n`,
  };
}

/**
 * With TOOLSCOPE_PUBLIC_URL set, the build writes the document beside index.html and tells the app its URL
 * (import.meta.env.VITE_TOOLSCOPE_CLIENT_METADATA_URL). Without it there is no document, and sign-in registers
 * dynamically where the authorization server allows it.
 */
export function clientMetadataPlugin(publicUrl: string | undefined = process.env[PUBLIC_URL_ENV]): Plugin {
  const file = publicUrl !== undefined && publicUrl.trim() !== '' ? clientMetadataFile(publicUrl.trim()) : null;
  return {
    name: 'toolscope-client-metadata',
    config: () => ({
      define: { 'import.meta.env.VITE_TOOLSCOPE_CLIENT_METADATA_URL': JSON.stringify(file?.url ?? '') },
    }),
    generateBundle() {
      if (file !== null) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.text });
    },
  };
}
