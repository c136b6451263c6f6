import { randomBytes } from 'node:crypto';
import type { Connect, Plugin } from 'vite';

/**
 * The Content-Security-Policy of the built page. Scripts only from our origin, no inline script, no eval, no frames
 * or plugins. Nothing on the page builds code from strings:
 * - the export file's schema is fixed, so its validators are Ajv standalone code generated at build time
 *   (build/export-validators.ts);
 * - the schemas people write for their tools are compiled by Ajv (`new Function`) in a dedicated module worker
 *   (src/tools/validation/validation-worker.ts). A worker loaded from its own URL takes its policy from that
 *   response's headers, not from this <meta>; a host that sends a CSP header for scripts must allow 'unsafe-eval'
 *   for that one file, or argument checks report that they cannot compile.
 * 'wasm-unsafe-eval' stays for QuickJS's WebAssembly. Tool code never runs on the page (QuickJS in a worker), and
 * model output is sanitised. connect-src allows any http(s) endpoint because the user chooses the model endpoint
 * and HTTP tools. frame-src 'self' lets in only the MCP App sandbox page beside index.html, which the app always
 * frames sandboxed without allow-same-origin (an opaque origin) and which carries its own, stricter policy
 * (docs/architecture.md, "MCP Apps").
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self' https: http:",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'self'",
].join('; ');

/**
 * Framing can only be refused by a response header (a <meta> policy cannot carry frame-ancestors), so the static
 * host must send it; the preview and dev servers send it to show how.
 */
const FRAME_ANCESTORS_HEADER = "frame-ancestors 'none'";

/** The MCP App sandbox page: the one document the app itself frames, so its header allows this origin as parent. */
const MCP_APP_SANDBOX_PAGE = 'mcp-app-sandbox.html';
const SANDBOX_FRAME_ANCESTORS_HEADER = "frame-ancestors 'self'";

function isSandboxPage(req: Connect.IncomingMessage): boolean {
  return (req.url ?? '').split('?')[0]?.endsWith(`/${MCP_APP_SANDBOX_PAGE}`) === true;
}

/** The dev server's policy: the built page's, plus a nonce for the React Refresh preamble that dev injects inline. */
function devContentSecurityPolicy(nonce: string): string {
  return [
    ...CONTENT_SECURITY_POLICY.split('; ').map((d) => (d.startsWith('script-src ') ? `${d} 'nonce-${nonce}'` : d)),
    FRAME_ANCESTORS_HEADER,
  ].join('; ');
}

// Only documents get the policy as a header: a worker loaded from its own URL takes its policy from its own
// response, and the schema-validation worker must keep compiling (see the comment on the policy above).
const isDocumentRequest = (req: Connect.IncomingMessage): boolean =>
  req.headers['sec-fetch-dest'] === 'document' || (req.headers.accept ?? '').includes('text/html');

/**
 * `npm run dev` under the built page's policy, so what production blocks (a model's remote image, an inline
 * script) is blocked while developing too. The nonce is drawn once per server start: it lets only the scripts
 * Vite itself injects run inline.
 */
export function devCspPlugin(): Plugin {
  const nonce = randomBytes(16).toString('base64');
  return {
    name: 'toolscope-dev-csp',
    apply: 'serve',
    config: () => ({ html: { cspNonce: nonce } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (isSandboxPage(req)) res.setHeader('Content-Security-Policy', SANDBOX_FRAME_ANCESTORS_HEADER);
        else if (isDocumentRequest(req)) res.setHeader('Content-Security-Policy', devContentSecurityPolicy(nonce));
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (isDocumentRequest(req))
          res.setHeader(
            'Content-Security-Policy',
            isSandboxPage(req) ? SANDBOX_FRAME_ANCESTORS_HEADER : FRAME_ANCESTORS_HEADER,
          );
        next();
      });
    },
  };
}

/** Only for builds: the dev server gets the same policy as a header with a nonce (devCspPlugin). */
export function cspPlugin(): Plugin {
  return {
    name: 'toolscope-csp',
    apply: 'build',
    transformIndexHtml() {
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
