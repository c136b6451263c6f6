import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './render-markdown';

// Sanitizing needs a DOM; e2e/chat-markdown.spec.ts checks it in Chromium.
describe('markdownToHtml', () => {
  it('renders GFM (tables, strikethrough) and wraps code blocks with a copy button, escaping code', () => {
    const html = markdownToHtml('| a | b |\n|---|---|\n| 1 | ~~2~~ |\n\n```js\nif (a < b) alert("x")\n```');
    expect(html).toContain('<table>');
    expect(html).toContain('<del>2</del>');
    expect(html).toContain('data-copy-code');
    expect(html).toContain('class="language-js"');
    expect(html).toContain('if (a &lt; b) alert(&quot;x&quot;)');
  });

  it('renders GFM task items as named marks, not form inputs (the sanitizer drops inputs and their state)', () => {
    const html = markdownToHtml('- [x] shipped\n- [ ] tested');
    expect(html).not.toContain('<input');
    expect(html).toMatch(/aria-label="done">☑<\/span> shipped/);
    expect(html).toMatch(/aria-label="not done">☐<\/span> tested/);
  });

  it('escapes a language tag that tries to break out of the class attribute', () => {
    const html = markdownToHtml('```"><img src=x onerror=alert(1)>\ncode\n```');
    expect(html).not.toContain('<img');
  });
});
