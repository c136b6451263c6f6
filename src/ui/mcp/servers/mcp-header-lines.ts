/** Reads "Name: value" lines (blank lines skipped); a line without a colon is reported by its number, never its value. */
export function parseHeaderLines(
  text: string,
): { ok: true; headers: Record<string, string> } | { ok: false; message: string } {
  const headers: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (name === '')
      return {
        ok: false,
        message: `Header line ${i + 1} needs the form "Name: value", e.g. "Authorization: Bearer <token>".`,
      };
    headers[name] = line.slice(colon + 1).trim();
  }
  return { ok: true, headers };
}
