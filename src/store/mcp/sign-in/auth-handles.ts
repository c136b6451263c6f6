/**
 * One sign-in handle per MCP server URL (mcp/auth): it holds the server's OAuth provider over the secrets table, so
 * connecting and the Tools view's Sign in / Sign out share it. Loads the MCP client on first use.
 */
import { db } from '../../../db/database';
import { createMcpAuthStore } from '../../../db/mcp-auth-repo';
import { appOAuthUrls } from '../../../mcp/auth/client-metadata';
import type { McpSignIn } from '../../../mcp/auth/sign-in';
import { loadMcpRuntime } from '../../../mcp/load-mcp';

const handles = new Map<string, Promise<McpSignIn>>();

/**
 * The Client ID Metadata Document's URL when this build published one (TOOLSCOPE_PUBLIC_URL at build time, see
 * README "Deploy") and the page runs where it said; elsewhere the document's client_id would not match its URL,
 * so sign-in falls back to dynamic registration.
 */
function publishedClientMetadataUrl(baseUri: string, published: string | undefined): string | undefined {
  if (published === undefined || published === '') return undefined;
  return appOAuthUrls(baseUri).clientMetadataUrl === published ? published : undefined;
}

export function mcpSignInFor(serverUrl: string): Promise<McpSignIn> {
  const known = handles.get(serverUrl);
  if (known !== undefined) return known;
  const made = (async () => {
    const { createMcpSignIn } = await loadMcpRuntime();
    const { redirectUrl } = appOAuthUrls(document.baseURI);
    const clientMetadataUrl = publishedClientMetadataUrl(
      document.baseURI,
      import.meta.env.VITE_TOOLSCOPE_CLIENT_METADATA_URL,
    );
    return createMcpSignIn({
      serverUrl,
      store: createMcpAuthStore(db),
      redirectUrl,
      ...(clientMetadataUrl !== undefined ? { clientMetadataUrl } : {}),
    });
  })();
  handles.set(serverUrl, made);
  made.catch(() => handles.delete(serverUrl));
  return made;
}
