import type { Plugin } from 'vite';

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
 * and HTTP tools.
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
  "frame-src 'none'",
].join('; ');

/** Only for builds: the dev server injects an inline React Refresh preamble the policy would block. */
export function cspPlugin(): Plugin {
  return {
    name: 'toolscope-csp',
    apply: 'build',
    transformIndexHtml() {
      return [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }];
    },
  };
}
