/**
 * The HTML of the apps test server's View. It speaks the MCP Apps JSON-RPC over postMessage by hand (no library),
 * so the host is checked against the wire format itself, and it probes its sandbox: storage, cookies, the parent
 * page, and a fetch to an origin it never declared (`probeUrl`, which allows any origin by CORS, so only the frame's
 * Content-Security-Policy can stop it). Each outcome is written into the View's own page for the test to read.
 */
export function boardViewHtml(probeUrl: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Board</title>
<style>body{font:14px sans-serif;margin:8px}</style></head>
<body>
<h1>Test board</h1>
<p id="status">starting</p>
<p id="input"></p>
<p id="result"></p>
<button id="echo">Call app echo</button> <button id="hidden">Call hidden tool</button> <button id="say">Send a message</button> <button id="tell">Tell the model</button> <button id="away">Navigate away</button> <button id="full">Go full screen</button>
<p id="echo-out"></p><p id="full-out"></p><p id="mode"></p><p id="hidden-out"></p><p id="say-out"></p><p id="tell-out"></p>
<p id="storage"></p><p id="cookie"></p><p id="parent"></p><p id="probe"></p><p id="csp"></p>
<script>
var nextId = 1, pending = {};
function $(id) { return document.getElementById(id); }
function send(m) { window.parent.postMessage(Object.assign({ jsonrpc: '2.0' }, m), '*'); }
function request(method, params) {
  var id = nextId++;
  send({ id: id, method: method, params: params });
  return new Promise(function (resolve) { pending[id] = resolve; });
}
function notify(method, params) { send({ method: method, params: params }); }
document.addEventListener('securitypolicyviolation', function (e) { $('csp').textContent = 'csp violation: ' + e.effectiveDirective + ' ' + e.blockedURI; });
window.addEventListener('message', function (e) {
  if (e.source !== window.parent) return;
  var m = e.data || {};
  if (m.id !== undefined && pending[m.id] && m.method === undefined) { var r = pending[m.id]; delete pending[m.id]; r(m); return; }
  if (m.method === 'ui/notifications/tool-input') $('input').textContent = 'input: ' + JSON.stringify(m.params.arguments);
  if (m.method === 'ui/notifications/tool-result') {
    var first = m.params.content && m.params.content[0];
    $('result').textContent = 'result: ' + (first && first.text) + ' ' + JSON.stringify(m.params.structuredContent);
  }
  if (m.method === 'ui/notifications/host-context-changed' && m.params.displayMode) $('mode').textContent = 'display mode: ' + m.params.displayMode;
  if (m.id !== undefined && m.method !== undefined) send({ id: m.id, result: {} });
});
function call(name, out, prefix) {
  request('tools/call', { name: name, arguments: { text: 'from the view' } }).then(function (r) {
    $(out).textContent = r.error ? prefix + ' error: ' + r.error.message : prefix + ': ' + r.result.content[0].text;
  });
}
$('echo').onclick = function () { call('app_echo', 'echo-out', 'echo'); };
$('hidden').onclick = function () { call('model_only', 'hidden-out', 'hidden'); };
$('away').onclick = function () { window.location.href = ${JSON.stringify(probeUrl)} + '?navigated'; };
$('full').onclick = function () {
  request('ui/request-display-mode', { mode: 'fullscreen' }).then(function (r) {
    $('full-out').textContent = r.error ? 'display mode error' : 'display mode granted: ' + r.result.mode;
  });
};
$('say').onclick = function () {
  request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Hello from the board view' }] }).then(function (r) {
    $('say-out').textContent = r.error ? 'message error' : r.result.isError ? 'message refused' : 'message sent';
  });
};
$('tell').onclick = function () {
  request('ui/update-model-context', { content: [{ type: 'text', text: 'The person is looking at card 2 of the board.' }] }).then(function (r) {
    $('tell-out').textContent = r.error ? 'context error' : 'context given';
  });
};
try { localStorage.setItem('k', 'v'); $('storage').textContent = 'storage readable'; } catch (e) { $('storage').textContent = 'storage refused: ' + e.name; }
try { document.cookie = 'view=1'; $('cookie').textContent = document.cookie.indexOf('view=1') >= 0 ? 'cookie set' : 'cookie refused'; } catch (e) { $('cookie').textContent = 'cookie refused: ' + e.name; }
try { $('parent').textContent = 'parent readable: ' + window.parent.document.title; } catch (e) { $('parent').textContent = 'parent refused: ' + e.name; }
fetch(${JSON.stringify(probeUrl)}).then(function () { $('probe').textContent = 'fetch reached the server'; }, function (e) { $('probe').textContent = 'fetch blocked: ' + e.name; });
request('ui/initialize', { appInfo: { name: 'board', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then(function (r) {
  if (r.error) { $('status').textContent = 'initialize failed: ' + r.error.message; return; }
  $('status').textContent = 'connected to ' + r.result.hostInfo.name + ', theme ' + r.result.hostContext.theme + ', locale ' + r.result.hostContext.locale;
  notify('ui/notifications/initialized', {});
  notify('ui/notifications/size-changed', { width: document.body.scrollWidth, height: document.body.scrollHeight + 16 });
});
</script>
</body></html>`;
}
