import { Marked, type Tokens } from 'marked';
import DOMPurify from 'dompurify';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// A private instance: other code configuring the global `marked` must not change how model output renders.
const md = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const cls = language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<div class="code-block"><button type="button" class="copy" data-copy-code="">Copy</button><pre><code${cls}>${escapeHtml(text)}</code></pre></div>`;
    },
    // GFM task items: marked writes an <input>, which the sanitizer removes (no form controls from a model),
    // and "- [x] done" would read the same as "- [ ] todo". A mark with a name keeps the state visible and heard.
    checkbox({ checked }: Tokens.Checkbox): string {
      return checked
        ? '<span class="task-box" role="img" aria-label="done">☑</span> '
        : '<span class="task-box" role="img" aria-label="not done">☐</span> ';
    },
  },
});

/** Unsanitized HTML: only ever shown after renderMarkdown's sanitizing pass. */
export function markdownToHtml(source: string): string {
  return md.parse(source, { async: false });
}

let hooked = false;
function hookLinks() {
  if (hooked) return;
  hooked = true;
  // Links from a model open in a new tab and never pass this page as opener or referrer.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/**
 * Model output is untrusted (invariant 5): Markdown becomes HTML, then DOMPurify removes scripts, event
 * handlers, javascript: URLs, forms and styles before it reaches the DOM.
 */
export function renderMarkdown(source: string): string {
  hookLinks();
  const html = markdownToHtml(source);
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
