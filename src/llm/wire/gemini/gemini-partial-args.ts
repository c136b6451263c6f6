import type { GeminiPartialArg } from './gemini-stream-types';

type Segment = string | number;

/**
 * Splits a JSONPath as Vertex writes it (`$.a.b[0].c`, `$['a b']`) into keys and indexes; null when it cannot be
 * read, so an odd path drops that one value rather than the call.
 */
export function parseGeminiJsonPath(path: string): Segment[] | null {
  if (!path.startsWith('$')) return null;
  const out: Segment[] = [];
  let i = 1;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      let j = i + 1;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      if (j === i + 1) return null;
      out.push(path.slice(i + 1, j));
      i = j;
    } else if (c === '[') {
      const close = path.indexOf(']', i);
      if (close === -1) return null;
      const inner = path.slice(i + 1, close);
      const quoted = /^'(.*)'$|^"(.*)"$/.exec(inner);
      if (quoted) out.push(quoted[1] ?? quoted[2] ?? '');
      else if (/^\d+$/.test(inner)) out.push(Number(inner));
      else return null;
      i = close + 1;
    } else {
      return null;
    }
  }
  return out.length > 0 ? out : null;
}

/**
 * The arguments object of one streamed call, built from its `partialArgs` pieces in order. A string piece whose
 * predecessor on the same path said `willContinue` is appended; any other piece sets the value.
 */
export class GeminiArgsBuilder {
  readonly args: Record<string, unknown> = {};
  private openString: string | null = null;
  // A string value arrives as many pieces on the same path: each path is parsed once.
  private readonly paths = new Map<string, Segment[] | null>();

  add(pieces: readonly GeminiPartialArg[]): void {
    for (const piece of pieces) {
      const path = typeof piece.jsonPath === 'string' ? piece.jsonPath : '';
      let segments = this.paths.get(path);
      if (segments === undefined) {
        segments = parseGeminiJsonPath(path);
        this.paths.set(path, segments);
      }
      if (segments === null) continue;
      const value = pieceValue(piece);
      if (value === undefined) continue;
      const appending = typeof value === 'string' && this.openString === path;
      set(this.args, segments, value, appending);
      this.openString = typeof value === 'string' && piece.willContinue === true ? path : null;
    }
  }
}

function pieceValue(piece: GeminiPartialArg): unknown {
  if (typeof piece.stringValue === 'string') return piece.stringValue;
  if (typeof piece.numberValue === 'number') return piece.numberValue;
  if (typeof piece.boolValue === 'boolean') return piece.boolValue;
  if ('nullValue' in piece) return null;
  return undefined;
}

function set(root: Record<string, unknown>, segments: readonly Segment[], value: unknown, append: boolean): void {
  let node: Record<string, unknown> | unknown[] = root;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i] as Segment;
    const nextIsIndex = typeof segments[i + 1] === 'number';
    const existing: unknown = read(node, key);
    let child: Record<string, unknown> | unknown[];
    if (typeof existing === 'object' && existing !== null) child = existing as Record<string, unknown> | unknown[];
    else {
      child = nextIsIndex ? [] : {};
      write(node, key, child);
    }
    node = child;
  }
  const last = segments[segments.length - 1] as Segment;
  const before = read(node, last);
  write(node, last, append && typeof before === 'string' ? before + (value as string) : value);
}

function read(node: Record<string, unknown> | unknown[], key: Segment): unknown {
  if (Array.isArray(node)) return typeof key === 'number' ? node[key] : undefined;
  return typeof key === 'string' && Object.hasOwn(node, key) ? node[key] : undefined;
}

function write(node: Record<string, unknown> | unknown[], key: Segment, value: unknown): void {
  if (Array.isArray(node)) {
    if (typeof key === 'number') node[key] = value;
    return;
  }
  const name = String(key);
  // A key named __proto__ must become data, never the object's prototype.
  if (name === '__proto__')
    Object.defineProperty(node, name, { value, writable: true, enumerable: true, configurable: true });
  else node[name] = value;
}
