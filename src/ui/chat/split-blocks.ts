/**
 * Splits Markdown at blank lines outside fenced code, so a streaming message re-renders only its last
 * block each frame: earlier blocks are finished and their HTML is reused (invariant 6 — the cost of a
 * frame must not grow with the length of the answer).
 */
export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let fence: string | null = null;
  let start = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0]!.repeat(marker.length);
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (fence === null && line.trim() === '' && lineEnd > start && nl !== -1) {
      // A block ends at a blank line; lists and tables keep their items together because these have no blank line.
      const block = text.slice(start, lineStart);
      if (block.trim() !== '') blocks.push(block);
      start = lineEnd + 1;
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  const rest = text.slice(start);
  if (rest.trim() !== '' || blocks.length === 0) blocks.push(rest);
  return blocks;
}
