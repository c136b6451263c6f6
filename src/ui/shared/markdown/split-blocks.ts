/** Where one Markdown block lies in its text: `text.slice(start, end)`. */
type BlockRange = { start: number; end: number };

/**
 * Finds the Markdown blocks of a text: split at blank lines outside fenced code. Finished blocks of a streaming
 * message keep their rendered HTML and only the last one is redone each frame, and a long message is shown a few
 * blocks at a time (architecture.md, invariant 6 — the cost of a frame must not grow with the length of the answer).
 */
export function markdownBlockRanges(text: string): BlockRange[] {
  const blocks: BlockRange[] = [];
  let fence: string | null = null;
  let start = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const marker = fenceMarker(text, lineStart, lineEnd);
    if (marker) {
      if (fence === null) fence = marker[0]!.repeat(marker.length);
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (fence === null && nl !== -1 && lineEnd > start && isBlank(text, lineStart, lineEnd)) {
      // A block ends at a blank line; lists and tables keep their items together because these have no blank line.
      if (!isBlank(text, start, lineStart)) blocks.push({ start, end: lineStart });
      start = lineEnd + 1;
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  if (!isBlank(text, start, text.length) || blocks.length === 0) blocks.push({ start, end: text.length });
  return blocks;
}

/** The blocks' text, for callers that need no positions. */
export function splitMarkdownBlocks(text: string): string[] {
  return markdownBlockRanges(text).map((b) => text.slice(b.start, b.end));
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && !(c >= 9 && c <= 13) && c !== 160 && c !== 0xfeff) return false;
  }
  return true;
}

/** A line opening or closing a fence (up to three spaces, then three or more backticks or tildes), or null. */
function fenceMarker(text: string, from: number, to: number): string | null {
  let i = from;
  while (i < to && i - from < 3 && text.charCodeAt(i) === 32) i++;
  const ch = text[i];
  if (ch !== '`' && ch !== '~') return null;
  let j = i;
  while (j < to && text[j] === ch) j++;
  return j - i >= 3 ? text.slice(i, j) : null;
}
