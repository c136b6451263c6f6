const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends one key or index to a `$.a[0].b` style path. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Turns a JSON pointer (`/sessions/0/title`) into the path people read (`$.sessions[0].title`). */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '$';
  let out = '$';
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out = /^(0|[1-9][0-9]*)$/.test(key) ? childPath(out, Number(key)) : childPath(out, key);
  }
  return out;
}
