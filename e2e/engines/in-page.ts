/**
 * Scripts evaluated inside the page. They are plain JavaScript strings, not functions of this module: the test
 * runner's transpiler may wrap functions in helpers that do not exist in the page.
 */

/**
 * `(role, name, withinCss) => css | null`: the one visible element with that role and accessible name (exact, after
 * collapsing whitespace; nothing under aria-hidden or inert, as a screen reader sees it), marked with a data attribute
 * so the engine can act on it by selector. The name is computed the way the app names its controls: aria-label,
 * aria-labelledby, a label, else the text.
 */
const FIND = `(function (role, name, withinCss) {
  var selectors = {
    button: 'button, [role=button]',
    tab: '[role=tab]',
    menuitem: '[role=menuitem]',
    textbox: 'textarea, input:not([type]), input[type=text], input[type=password], input[type=url], input[type=search], [role=textbox]',
    combobox: 'select',
    spinbutton: 'input[type=number]',
    dialog: 'dialog[open], [role=dialog]',
    article: 'article',
    file: 'input[type=file]',
    status: '[role=status], output'
  };
  var norm = function (s) { return (s || '').replace(/\\s+/g, ' ').trim(); };
  var byIds = function (ids) { return ids.split(/\\s+/).map(function (id) { var e = document.getElementById(id); return e ? e.textContent : ''; }).join(' '); };
  var nameOf = function (el) {
    if (el.getAttribute('aria-label')) return norm(el.getAttribute('aria-label'));
    if (el.getAttribute('aria-labelledby')) return norm(byIds(el.getAttribute('aria-labelledby')));
    if (el.labels && el.labels.length) return norm(Array.prototype.map.call(el.labels, function (l) { return l.textContent; }).join(' '));
    return norm(el.textContent) || norm(el.getAttribute('title'));
  };
  var root = withinCss ? document.querySelector(withinCss) : document;
  if (!root) return null;
  // Hidden from assistive technology is hidden from the journey too (the start-up stand-in's pictures of controls).
  var exposed = function (el) { return !el.closest('[aria-hidden="true"], [inert]'); };
  var visible = function (el) { return role === 'file' || (el.getClientRects().length > 0 && exposed(el)); };
  var hits = Array.prototype.filter.call(root.querySelectorAll(selectors[role]), function (el) { return visible(el) && nameOf(el) === norm(name); });
  if (hits.length !== 1) return null;
  var ref = String(Date.now()) + String(Math.random()).slice(2, 8);
  hits[0].setAttribute('data-engine-ref', ref);
  return '[data-engine-ref="' + ref + '"]';
})`;

export function findExpression(role: string, name: string, withinCss?: string): string {
  return `${FIND}(${JSON.stringify(role)}, ${JSON.stringify(name)}, ${JSON.stringify(withinCss ?? null)})`;
}

/** Keeps every Blob the page turns into an object URL (how the app hands an export to the browser), to read it back. */
export const RECORD_DOWNLOADS = `(function () {
  if (window.__engineBlobs) return true;
  window.__engineBlobs = [];
  var original = URL.createObjectURL;
  URL.createObjectURL = function (blob) { window.__engineBlobs.push(blob); return original.call(URL, blob); };
  return true;
})()`;

export const LAST_DOWNLOAD_TEXT = `(function () {
  var blobs = window.__engineBlobs || [];
  return blobs.length ? blobs[blobs.length - 1].text() : null;
})()`;
