import type { Plugin } from 'vite';

/**
 * The Content-Security-Policy of the built page. Scripts only from our origin, no inline script,
 * no frames or plugins. 'unsafe-eval' is there for one reason: ajv compiles the JSON Schemas people
 * write for their tools into validators with `new Function`, and validation must answer synchronously.
 * Tool code itself never runs on the page (QuickJS in a worker), and model output is sanitised.
 * connect-src allows any http(s) endpoint because the user chooses the model endpoint and HTTP tools.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
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
