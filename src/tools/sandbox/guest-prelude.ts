/**
 * Code evaluated inside QuickJS before the user's code. It builds `console` (and `fetch`, when granted) on top of
 * host functions, then removes the raw host functions from the global object so user code only sees the wrappers.
 * Nothing here is a security boundary: the host re-checks everything (origins, result type) itself.
 */
export const GUEST_PRELUDE = String.raw`
(() => {
  const g = globalThis;
  const hostLog = g.__hostLog;
  const hostFetch = g.__hostFetch;
  delete g.__hostLog;
  delete g.__hostFetch;
  const fmt = (v) => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return String(v);
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch (e) { return String(v); }
  };
  const make = (level) => (...parts) => { hostLog(level, parts.map(fmt).join(' ')); };
  g.console = { log: make('log'), info: make('info'), warn: make('warn'), error: make('error'), debug: make('log') };

  class ReturnValueError extends Error {}
  ReturnValueError.prototype.name = 'ReturnValueError';
  const plain = ' Return plain data: objects, arrays, strings, numbers, booleans or null.';
  g.__finish = (v) => {
    if (v === undefined) throw new ReturnValueError('The tool returned undefined (did you forget "return"?).' + plain);
    if (typeof v === 'function') throw new ReturnValueError('The tool returned a function, which cannot be sent to the model.' + plain);
    if (typeof v === 'symbol' || typeof v === 'bigint') throw new ReturnValueError('The tool returned a ' + typeof v + ', which JSON cannot represent.' + plain);
    if (typeof v === 'string') return 's' + v;
    let s;
    try { s = JSON.stringify(v); } catch (e) {
      throw new ReturnValueError('The return value is not JSON-serialisable (' + e.message + '); a cyclic object cannot be sent to the model.' + plain);
    }
    if (s === undefined) throw new ReturnValueError('The return value is not JSON-serialisable.' + plain);
    return 'j' + s;
  };

  if (hostFetch) {
    g.fetch = async (input, init) => {
      const o = init || {};
      const request = { method: o.method ? String(o.method) : 'GET', headers: o.headers || {}, body: o.body === undefined || o.body === null ? null : String(o.body) };
      const r = JSON.parse(await hostFetch(String(input), JSON.stringify(request)));
      return {
        status: r.status, statusText: r.statusText, ok: r.status >= 200 && r.status < 300, url: r.url,
        headers: { get: (name) => { const v = r.headers[String(name).toLowerCase()]; return v === undefined ? null : v; }, entries: () => Object.entries(r.headers) },
        text: async () => r.body,
        json: async () => JSON.parse(r.body),
      };
    };
  }
})();
`;

/** Wraps the user's body so it runs as an async function of `args` and its result is checked by __finish. */
export function wrapUserCode(body: string): string {
  // The body starts on line 2 of "tool.js"; userStack (user-stack.ts) maps error positions back to the body's lines.
  return `(async (args) => {\n${body}\n})(JSON.parse(globalThis.__argsJson)).then(globalThis.__finish)`;
}
