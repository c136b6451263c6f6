/**
 * Auth scenarios of the conformance suite, through the app's sign-in core (src/mcp/auth) and connection: connect,
 * and when the server wants sign-in, sign in with the challenge the connection reported (the scripted person follows
 * the authorization server's redirect), then connect again with the token, list tools and call one. Pre-registration gets its client id the way a person
 * would paste it; the suite's context carries it.
 */
import { createMcpSignIn } from '../src/mcp/auth/sign-in';
import type { McpAuthStore } from '../src/mcp/auth/auth-types';
import { connectMcpServer } from '../src/mcp/connection';
import { McpMoreAccessError, McpSignInExpiredError } from '../src/mcp/sign-in-expired-error';
import type { McpConnectionState } from '../src/mcp/types';

const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const REDIRECT_URL = 'http://localhost:3000/callback';

export function isAuthScenario(scenario: string): boolean {
  return scenario.startsWith('auth/');
}

function memoryStore(): McpAuthStore {
  const map = new Map<string, unknown>();
  return {
    get: async (k) => map.get(k),
    set: async (k, v) => void map.set(k, structuredClone(v)),
    delete: async (k) => void map.delete(k),
  };
}

/** The scripted person: opens the authorization page and comes back with wherever it redirects. */
async function followRedirect(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`The authorization page answered ${response.status} without a redirect.`);
  return new URL(location, url);
}

function pastedClientId(): string | undefined {
  const text = process.env.MCP_CONFORMANCE_CONTEXT;
  if (text === undefined) return undefined;
  const context: unknown = JSON.parse(text);
  return typeof context === 'object' &&
    context !== null &&
    'client_id' in context &&
    typeof context.client_id === 'string'
    ? context.client_id
    : undefined;
}

/**
 * Connect; when the server asks for sign-in (a 401, or a 403 insufficient_scope on a call: more access), sign in with
 * the challenge the connection reported, as the app's Sign in does, and connect again. Three sign-ins at most.
 */
export async function runAuthScenario(_scenario: string, url: string): Promise<void> {
  const signIn = createMcpSignIn({
    serverUrl: url,
    store: memoryStore(),
    redirectUrl: REDIRECT_URL,
    clientMetadataUrl: CLIENT_METADATA_URL,
    clientName: 'toolscope-conformance',
    authorize: followRedirect,
    probeNoCors: async () => 'reachable',
  });
  const clientId = pastedClientId();
  for (let signIns = 0; ; signIns++) {
    const seen: { state: McpConnectionState | null } = { state: null };
    const result = await connectMcpServer({
      url,
      pageOrigin: null,
      authProvider: signIn.authProvider,
      fetch: signIn.fetch,
      timeoutMs: 15_000,
      onState: (state) => (seen.state = state),
    });
    if (result.status === 'connected') {
      try {
        const tools = await result.connection.listTools();
        const tool = tools.find((t) => t.name === 'test-tool') ?? tools[0];
        if (tool !== undefined)
          await result.connection.callTool(tool.name, {}, { signal: new AbortController().signal, timeoutMs: 15_000 });
        return;
      } catch (error) {
        if (!(error instanceof McpSignInExpiredError || error instanceof McpMoreAccessError)) throw error;
      } finally {
        await result.connection.close();
      }
    } else if (result.status !== 'needs-sign-in') throw new Error(`Could not connect: ${JSON.stringify(result)}`);
    const asked = seen.state;
    if (asked?.status !== 'needs-sign-in')
      throw new Error(`The connection ended without asking for sign-in: ${JSON.stringify(asked)}`);
    if (signIns === 3) throw new Error('Still not signed in after three sign-ins.');
    const signedIn = await signIn.signIn({
      ...(clientId !== undefined ? { clientId } : {}),
      ...(asked.challenge !== undefined ? { challenge: asked.challenge } : {}),
    });
    if (signedIn.status !== 'signed-in')
      throw new Error(`Sign-in failed: ${signedIn.failure.kind}: ${signedIn.failure.message}`);
  }
}
