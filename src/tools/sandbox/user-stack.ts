/**
 * QuickJS reports positions in the wrapped script "tool.js", whose first line is the wrapper's own
 * (see wrapUserCode), so raw stacks point one line below the user's code and end with a frame of the
 * wrapper. Users read positions against the code box: this maps them to lines of the body they wrote.
 */
const POSITION = /tool\.js:(\d+)(?::(\d+))?/;

export function userStack(stack: string, bodyLineCount: number): string {
  const out: string[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const m = POSITION.exec(line);
    if (!m) {
      out.push(line);
      continue;
    }
    const bodyLine = Number(m[1]) - 1;
    const column = m[2];
    if (bodyLine >= 1 && bodyLine <= bodyLineCount) {
      out.push(line.replace(POSITION, `line ${bodyLine}${column ? `, column ${column}` : ''}`));
    } else if (bodyLine > bodyLineCount && /^at tool\.js/.test(line)) {
      // A syntax error found after the last line: the code stops early (an unclosed bracket or string).
      out.push('at the end of the code');
    }
    // Other frames are the wrapper's own calls, not code the user wrote.
  }
  return out.join('\n');
}
