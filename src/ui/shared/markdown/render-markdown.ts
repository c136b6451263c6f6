import { Marked, type Tokens } from 'marked';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { disguiseAttributeNames, undisguise, undisguiseAttributes } from './attribute-disguise';

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
      return (
        `<div ${own()} class="code-block"><button ${own()} type="button" class="copy" data-copy-code="">Copy</button>` +
        `<pre><code${cls}>${escapeHtml(text)}</code></pre></div>`
      );
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
  return (
    name === 'class' ||
    name === 'id' ||
    name === 'role' ||
    name === 'tabindex' ||
    name.startsWith('aria-') ||
    name.startsWith('data-')
  );
}

/**
 * What model HTML would fetch as it is drawn: the page's policy refuses other origins (a reported violation), and the
 * page's own origin holds nothing for a model to point at. An image keeps a data: image (the policy allows it) and
 * otherwise shows its alt text; sources, posters and backgrounds go.
 */
const FETCHED_ON_DRAW = ['src', 'srcset', 'poster', 'background'] as const;
function dropFetches(node: Element): void {
  for (const name of FETCHED_ON_DRAW) {
    const value = node.getAttribute(name);
    if (value === null) continue;
    if (name === 'src' && node.tagName === 'IMG' && /^data:image\//i.test(value.trim())) continue;
    node.removeAttribute(name);
  }
}

/** This render's disguise mark (attribute-disguise.ts), for the sanitizer's hook. */
let disguise = '';

let purifier: Purifier | null = null;
function sanitizer(): Purifier {
  if (purifier) return purifier;
  // Its own instance, so these hooks apply to model output only.
  const p = DOMPurify(window);
  p.addHook('beforeSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    undisguiseAttributes(node, disguise);
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
    if (node instanceof Element) dropFetches(node);
  });
  purifier = p;
  return p;
}

/**
 * Model output is untrusted (architecture.md, invariant 5): Markdown becomes HTML, then DOMPurify removes scripts, event
 * handlers, javascript: URLs, forms and styles, and model HTML's classes, ids, roles and data attributes, before it
 * reaches the DOM. Event handlers never reach even the sanitizer's parse, and nothing it keeps fetches as it is drawn.
 */
export function renderMarkdown(source: string): string {
  ownMark = newMark();
  // No parse, not even the sanitizer's, may see an event-handler attribute (attribute-disguise.ts).
  const { html, mark } = disguiseAttributeNames(markdownToHtml(source));
  disguise = mark;
  const clean = sanitizer().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
  // Attributes were turned back by the hook; what is left is text, escaped by the serializer, where letters stay letters.
  return undisguise(clean, mark);
}
