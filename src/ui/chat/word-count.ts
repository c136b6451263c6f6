/** Runs once per frame while reasoning streams, so a plain scan: no split into an array of every word. */
export function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || (c >= 9 && c <= 13) || c === 160;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
