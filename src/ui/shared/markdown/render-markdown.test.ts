// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markdownToHtml, renderMarkdown } from './render-markdown';

// Sanitizing is checked here in jsdom, and in Chromium by e2e/chat-markdown.spec.ts and e2e/chat-hostile-html.spec.ts.
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

const HOSTILE = [
  '<b>bold?</b> <img src=x onerror="window.__pwned=1"> <IMG SRC=y ONERROR=1> <svg onload="window.__pwned=2"></svg>',
  '',
  '<a href="javascript:window.__pwned=3">link</a> <iframe src=x></iframe>',
  '',
  '<div><img/src=z/onerror=1> <p title="a"onclick=1>quoted</p></div>',
  '',
  // A tag left open in one block and closed in another: the handler is in neither block's own tag.
  '<div title="',
  '',
  'between',
  '',
  '<div>x" onmouseover=1>after</div>',
].join('\n');

describe('renderMarkdown', () => {
  // Every document the sanitizer parses in, and any handler attribute the parse created there.
  const handlersParsed: string[] = [];
  beforeEach(() => {
    handlersParsed.length = 0;
    const parse = DOMParser.prototype.parseFromString;
    vi.spyOn(DOMParser.prototype, 'parseFromString').mockImplementation(function (this: DOMParser, text, type) {
      const doc = parse.call(this, text, type);
      for (const el of Array.from(doc.querySelectorAll('*')))
        for (const name of el.getAttributeNames()) if (/^on/i.test(name)) handlersParsed.push(`${el.tagName} ${name}`);
      return doc;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("never lets a parse, not even the sanitizer's, create an event-handler attribute, and keeps the safe markup", () => {
    const html = renderMarkdown(HOSTILE);
    expect(DOMParser.prototype.parseFromString).toHaveBeenCalled();
    expect(handlersParsed).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+=|javascript:|<iframe|<svg/i);
    expect(html).toContain('<b>bold?</b>');
    expect(html).toContain('>link</a>');
    expect(html).toContain('title="a"');
    expect(html).toContain('>quoted</p>');
    expect(html).toContain('>after</div>');
  });

  it('lets the same markup through a plain parse, so the check above can fail', () => {
    new DOMParser().parseFromString(markdownToHtml(HOSTILE), 'text/html');
    expect(handlersParsed).toEqual(
      expect.arrayContaining(['IMG onerror', 'svg onload', 'P onclick', 'DIV onmouseover']),
    );
  });

  it('keeps words, values and attributes that begin with "o" as written', () => {
    const text =
      'based on "one" /only \'Open\' and ONE\n\n<details open title="on one"><summary>Of</summary>o</details>\n\n1. ol\n2. end';
    const html = renderMarkdown(text);
    expect(html).toContain(`based on "one" /only 'Open' and ONE`);
    expect(html).toContain('<details open="" title="on one"><summary>Of</summary>o</details>');
    expect(html).toMatch(/<ol>\s*<li>ol<\/li>\s*<li>end<\/li>\s*<\/ol>/);
  });

  it('keeps a data: image and turns any other image into its alt text, so nothing is fetched as it is drawn', () => {
    const html = renderMarkdown(
      '![a chart](https://example.com/c.png) ![dot](data:image/png;base64,AAAA) <img src="/x" srcset="/y 2x" alt="local">',
    );
    expect(html).toContain('<img alt="a chart">');
    expect(html).toContain('<img src="data:image/png;base64,AAAA" alt="dot">');
    expect(html).toContain('<img alt="local">');
  });
});
