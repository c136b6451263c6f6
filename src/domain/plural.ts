/** "1 session", "3 sessions": a count and its noun, the plural given where adding an s is wrong. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
