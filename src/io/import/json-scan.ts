/**
 * Finds where and why a JSON text is broken. JSON.parse error messages differ between engines and
 * sometimes carry no position (truncated input), so after a failed parse this walks the text once
 * more, without building values, to name the first offending character.
 */
type JsonFault = { position: number; reason: string };

const WS = new Set([0x20, 0x0a, 0x0d, 0x09]);

type Frame = { kind: 'object' | 'array'; state: 'first' | 'key' | 'after' | 'comma' };

export function findJsonFault(text: string): JsonFault | null {
  let i = 0;
  const n = text.length;
  const stack: Frame[] = [];
  const skipWs = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const end = (what: string): JsonFault => ({ position: n, reason: `the file ends early (truncated?) while ${what}` });

  const scanString = (): JsonFault | null => {
    const start = i;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === undefined) return end('reading a string');
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            return i + 6 > n ? end('reading a string') : { position: i, reason: 'bad \\u escape in a string' };
          }
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) return { position: i, reason: `bad escape \\${e} in a string` };
        i += 2;
        continue;
      }
      if (c < 0x20) return { position: i, reason: 'a raw control character (e.g. a line break) inside a string' };
      i++;
    }
    return {
      position: n,
      reason: `the file ends early (truncated?) inside the string that starts at position ${start}`,
    };
  };

  const scanScalar = (): JsonFault | null => {
    const rest = text.slice(i, i + 5);
    for (const word of ['true', 'false', 'null']) {
      if (rest.startsWith(word)) {
        i += word.length;
        return null;
      }
      if (word.startsWith(rest) && i + rest.length === n) return end(`reading "${word}"`);
    }
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (m && m[0].length > 0 && m[0] !== '-') {
      i += m[0].length;
      return null;
    }
    if (i >= n) return end('expecting a value');
    return { position: i, reason: `unexpected ${describeChar(text, i)} where a value was expected` };
  };

  // Reads one value; containers push a frame and are finished by the loop below.
  const scanValue = (): JsonFault | null => {
    skipWs();
    if (i >= n) return end('expecting a value');
    const c = text[i];
    if (c === '{') {
      stack.push({ kind: 'object', state: 'first' });
      i++;
      return null;
    }
    if (c === '[') {
      stack.push({ kind: 'array', state: 'first' });
      i++;
      return null;
    }
    if (c === '"') return scanString();
    return scanScalar();
  };

  let fault = scanValue();
  if (fault) return fault;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    skipWs();
    if (i >= n) return end(top.kind === 'object' ? 'inside an object' : 'inside a list');
    const c = text[i];
    if (top.kind === 'array') {
      if ((top.state === 'first' || top.state === 'comma') && c === ']') {
        if (top.state === 'comma') return { position: i, reason: 'a comma before "]" (trailing commas are not JSON)' };
        stack.pop();
        i++;
        continue;
      }
      if (top.state === 'after') {
        if (c === ',') {
          top.state = 'comma';
          i++;
          continue;
        }
        if (c === ']') {
          stack.pop();
          i++;
          continue;
        }
        return { position: i, reason: `expected "," or "]" after a list item, found ${describeChar(text, i)}` };
      }
      top.state = 'after';
      fault = scanValue();
      if (fault) return fault;
      continue;
    }
    switch (top.state) {
      case 'first':
      case 'comma':
        if (c === '}' && top.state === 'first') {
          stack.pop();
          i++;
          continue;
        }
        if (c !== '"') {
          return { position: i, reason: `expected a property name in double quotes, found ${describeChar(text, i)}` };
        }
        fault = scanString();
        if (fault) return fault;
        top.state = 'key';
        continue;
      case 'key':
        if (c !== ':')
          return { position: i, reason: `expected ":" after a property name, found ${describeChar(text, i)}` };
        i++;
        fault = scanValue();
        if (fault) return fault;
        top.state = 'after';
        continue;
      case 'after':
        if (c === ',') {
          top.state = 'comma';
          i++;
          continue;
        }
        if (c === '}') {
          stack.pop();
          i++;
          continue;
        }
        return { position: i, reason: `expected "," or "}" after a property value, found ${describeChar(text, i)}` };
    }
  }
  skipWs();
  if (i < n) return { position: i, reason: `unexpected ${describeChar(text, i)} after the end of the JSON value` };
  return null;
}

function describeChar(text: string, i: number): string {
  const ch = text[i];
  if (ch === undefined) return 'the end of the file';
  return `character ${JSON.stringify(ch)}`;
}

/** 1-based line and column of a character position. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const stop = Math.min(position, text.length);
  for (let k = text.indexOf('\n'); k !== -1 && k < stop; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: stop - lineStart + 1 };
}
