/**
 * How wide a label is drawn, estimated without the DOM (the chart places labels for thousands of bars, so no
 * getBBox): per-character advances of DejaVu Sans, the widest of the fonts `system-ui` resolves to (Segoe UI, San
 * Francisco, Roboto, Cantarell and Noto Sans are all narrower), so a label placed by this estimate is never cut.
 * screens.md, "Timeline layout".
 */

/** Advances of the printable ASCII characters (U+0020 to U+007E) in hundredths of an em. */
const ASCII_ADVANCE = [
  32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84,
  84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61,
  69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59,
  82, 59, 59, 52, 64, 34, 64, 84,
];
/** The middle dot that joins a label's parts (0.32 em); other icons, arrows and CJK are at most an em; emoji and other
 * astral characters a little over. */
const MIDDLE_DOT = 0xb7;
const MIDDLE_DOT_ADVANCE = 32;
const OTHER_ADVANCE = 100;
const ASTRAL_ADVANCE = 125;

/** Widths in hundredths of an em of labels seen lately: a session's labels repeat (tool names), and the chart asks on
 * every draw. */
const known = new Map<string, number>();
const KNOWN_MAX = 4000;

/** Estimated width in px of `text` drawn at `fontPx`, rounded up; at least what the browser draws. */
export function textPx(text: string, fontPx: number): number {
  let hundredths = known.get(text);
  if (hundredths === undefined) {
    hundredths = advance(text);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(text, hundredths);
  }
  return Math.ceil((hundredths * fontPx) / 100) + 1;
}

/** `text` whole when it fits in `room` px at `fontPx`, else cut with an ellipsis to fit (the SVG export's row names). */
export function fitText(text: string, room: number, fontPx: number): string {
  if (textPx(text, fontPx) <= room) return text;
  const ellipsis = advance('…');
  const chars = [...text];
  let kept = 0;
  let used = 0;
  for (const ch of chars) {
    const a = advance(ch);
    if (Math.ceil(((used + a + ellipsis) * fontPx) / 100) + 1 > room) break;
    used += a;
    kept++;
  }
  return `${chars.slice(0, Math.min(kept, chars.length - 1)).join('')}…`;
}

function advance(text: string): number {
  let hundredths = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f) hundredths += ASCII_ADVANCE[code - 0x20] ?? OTHER_ADVANCE;
    else if (code === MIDDLE_DOT) hundredths += MIDDLE_DOT_ADVANCE;
    else hundredths += code > 0xffff ? ASTRAL_ADVANCE : OTHER_ADVANCE;
  }
  return hundredths;
}
