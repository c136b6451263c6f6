import { Marked, type Tokens } from 'marked';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Marks the elements this renderer writes itself (code blocks, their Copy button, task marks), so the sanitizer can
 * tell them from HTML the model wrote. A fresh random value per render: a model cannot know it, so it cannot
 * forge it. The sanitizer removes the mark.
 */
let ownMark = '';
const OWN_ATTR = 'data-own';
const own = () => `${OWN_ATTR}="${ownMark}"`;

function newMark(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// A private instance: other code configuring the global `marked` must not change how model output renders.
const md = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const cls = language ? ` ${own()} class="language-${escapeHtml(language)}"` : '';
      return `<div ${own()} class="code-block"><button ${own()} type="button" class="copy" data-copy-code="">Copy</button><pre><code${cls}>${escapeHtml(text)}</code></pre></div>`;
    },
    // GFM task items: marked writes an <input>, which the sanitizer removes (no form controls from a model),
    // and "- [x] done" would read the same as "- [ ] todo". A mark with a name keeps the state visible and heard.
    checkbox({ checked }: Tokens.Checkbox): string {
      return checked
        ? `<span ${own()} class="task-box" role="img" aria-label="done">☑</span> `
        : `<span ${own()} class="task-box" role="img" aria-label="not done">☐</span> `;
    },
  },
});

/** Unsanitized HTML: only ever shown after renderMarkdown's sanitizing pass. */
export function markdownToHtml(source: string): string {
  return md.parse(source, { async: false });
}

/**
 * Attributes that make an element look or act like part of the app: its classes and ids (styles and scripts
 * select by them), roles, ARIA and tab stops (what assistive technology announces: a model's role="alert" would be
 * read out as an alert), data-* (handlers look for them, e.g. the Copy button). Model HTML loses them all, so it
 * cannot draw a fake approval card or alert.
 */
function borrowsFromApp(name: string): boolean {
  return name === 'class' || name === 'id' || name === 'role' || name === 'tabindex' || name.startsWith('aria-') || name.startsWith('data-');
}

let purifier: Purifier | null = null;
function sanitizer(): Purifier {
  if (purifier) return purifier;
  // Its own instance, so these hooks apply to model output only.
  const p = DOMPurify(window);
  p.addHook('beforeSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    if (node.getAttribute(OWN_ATTR) === ownMark) {
      node.removeAttribute(OWN_ATTR);
      return;
    }
    for (const name of node.getAttributeNames()) if (borrowsFromApp(name)) node.removeAttribute(name);
  });
  // Links from a model open in a new tab and never pass this page as opener or referrer.
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = p;
  return p;
}

/**
 * Model output is untrusted (architecture.md, invariant 5): Markdown becomes HTML, then DOMPurify removes scripts, event
 * handlers, javascript: URLs, forms and styles, and model HTML's classes, ids, roles and data attributes, before it
 * reaches the DOM.
 */
export function renderMarkdown(source: string): string {
  ownMark = newMark();
  const html = markdownToHtml(source);
  return sanitizer().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
