import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MARKDOWN_MAX_CHARS,
  PAGE_COST,
  PLAIN_PIECE_CHARS,
  pieceCost,
  plainPieces,
  textPieces,
  type Pieces,
} from './text-pieces';

const covered = (text: string, r: Pieces) => r.pieces.map((p) => text.slice(p.start, p.end)).join('');
const table = (rows: number) =>
  '| a | b |\n|---|---|\n' + Array.from({ length: rows }, (_, i) => `| ${i} | row ${i} |`).join('\n') + '\n';

describe('plainPieces', () => {
  it('cuts a one-line megabyte into bounded pieces that join back to it', () => {
    const text = 'x'.repeat(1_000_000);
    const pieces = plainPieces(text, 0, text.length);
    expect(pieces.length).toBe(50);
    expect(Math.max(...pieces.map((p) => p.end - p.start))).toBe(PLAIN_PIECE_CHARS);
    expect(pieces.map((p) => text.slice(p.start, p.end)).join('')).toBe(text);
  });

  it('ends a piece after a line break near its end, and never between the halves of a surrogate pair', () => {
    const lines = `${'a'.repeat(17_000)}\n${'b'.repeat(10_000)}`;
    expect(plainPieces(lines, 0, lines.length).map((p) => p.end)).toEqual([17_001, lines.length]);
    const emoji = 'x'.repeat(PLAIN_PIECE_CHARS - 1) + '😀' + 'y';
    const cut = plainPieces(emoji, 0, emoji.length);
    expect(cut[0]!.end).toBe(PLAIN_PIECE_CHARS - 1);
    expect(emoji.slice(cut[1]!.start, cut[1]!.end)).toBe('😀y');
  });

  it('covers any text exactly, in order, with pieces no longer than the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 2, max: 50 }), (text, max) => {
        const pieces = plainPieces(text, 0, text.length, max);
        expect(pieces.map((p) => text.slice(p.start, p.end)).join('')).toBe(text);
        for (const p of pieces) expect(p.end - p.start).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('textPieces', () => {
  it('keeps an ordinary answer as Markdown blocks on one page', () => {
    const text = '# Title\n\nSome **bold** text.\n\n- a\n- b\n';
    const r = textPieces(text, 'markdown');
    expect(r.pieces.map((p) => [p.kind, text.slice(p.start, p.end)])).toEqual([
      ['markdown', '# Title\n'],
      ['markdown', 'Some **bold** text.\n'],
      ['markdown', '- a\n- b\n'],
    ]);
    expect(r.pageEnds).toEqual([3]);
    expect(r.plainFallback).toBe(false);
  });

  it('shows a table too big to render in a frame as plain text, and the blocks around it as Markdown', () => {
    const big = table(3_000);
    const text = `Before\n\n${big}\nAfter\n`;
    const r = textPieces(text, 'markdown');
    expect(r.pieces[0]).toMatchObject({ kind: 'markdown' });
    expect(r.pieces.at(-1)).toMatchObject({ kind: 'markdown' });
    const middle = r.pieces.slice(1, -1);
    expect(middle.every((p) => p.kind === 'plain')).toBe(true);
    expect(middle.map((p) => text.slice(p.start, p.end)).join('')).toBe(big);
  });

  it('keeps a long fenced code block as Markdown: it is one element, cheap to render', () => {
    const code = '```js\n' + 'const x = 1;\n'.repeat(4_000) + '```\n';
    expect(textPieces(code, 'markdown').pieces).toEqual([{ kind: 'markdown', start: 0, end: code.length }]);
  });

  it('formats nothing past the size cap: a 2 MB Markdown table is plain, a page at a time', () => {
    const text = table(95_000);
    expect(text.length).toBeGreaterThan(2_000_000);
    const r = textPieces(text, 'markdown');
    expect(r.plainFallback).toBe(true);
    expect(r.pieces.every((p) => p.kind === 'plain')).toBe(true);
    expect(covered(text, r)).toBe(text);
    expect(r.pageEnds.at(-1)).toBe(r.pieces.length);
    const firstPage = r.pieces.slice(0, r.pageEnds[0]);
    expect(firstPage.reduce((sum, p) => sum + pieceCost(text, p), 0)).toBeLessThanOrEqual(PAGE_COST);
  });

  it('stops at maxChars (what may be displayed) and pages within it', () => {
    const text = 'e'.repeat(1_000_000);
    const r = textPieces(text, 'plain', 65_536);
    expect(r.pieces.at(-1)!.end).toBe(65_536);
    expect(covered(text, r)).toBe(text.slice(0, 65_536));
  });

  it('pages never exceed the budget unless one piece alone does, and cover every piece in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('word ', '\n', '\n\n', '- item\n', '| a |\n', '```\n', 'x'.repeat(300)), {
          maxLength: 400,
        }),
        (parts) => {
          const text = parts.join('');
          const r = textPieces(text, text.length > MARKDOWN_MAX_CHARS ? 'plain' : 'markdown');
          let from = 0;
          for (const end of r.pageEnds) {
            const page = r.pieces.slice(from, end);
            expect(page.length).toBeGreaterThan(0);
            if (page.length > 1)
              expect(page.reduce((s, p) => s + pieceCost(text, p), 0)).toBeLessThanOrEqual(PAGE_COST);
            from = end;
          }
          expect(from).toBe(r.pieces.length);
        },
      ),
    );
  });
});
