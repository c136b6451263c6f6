/**
 * "Copy as curl" and "Copy as fetch" (docs/wire-capture.md): a captured request as a command that sends the same
 * method, URL, headers and body bytes again. Secret headers were hidden when captured (docs/wire-capture.md), so a
 * command names each by its shell variable (`$OPENAI_API_KEY`, `$TOOLSCOPE_SECRET_<NAME>`), and holds no secret.
 */
import type { WireBody, WireHeader, WireRequest } from '../domain/wire-exchange';

const DELIMITER = 'TOOLSCOPE_BODY';
const BASE64_LINE = 76;

/** A word in single quotes: nothing in it is expanded, a newline stays a newline; `'` is closed, escaped, reopened. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A variable name the shell and `process.env.` both take (the capture names them so; this keeps a stray one safe). */
function variableName(header: WireHeader): string {
  const name = (header.secret?.variable ?? '').replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

/** What a secret header's value held before the secret (`Bearer `): the command sends it, then the variable. */
export function secretPrefix(header: WireHeader): string {
  return header.secret?.prefix ?? header.value;
}

/** curl's `--header` word: an empty value is written `name;` (curl drops a header given as `name:`). */
function curlHeader(header: WireHeader): string {
  if (header.secret) return `${shellQuote(`${header.name}: ${secretPrefix(header)}`)}"$${variableName(header)}"`;
  return shellQuote(header.value === '' ? `${header.name};` : `${header.name}: ${header.value}`);
}

function bodyBytes(body: WireBody): Uint8Array {
  if (body.encoding === 'utf8') return new TextEncoder().encode(body.data);
  const bin = atob(body.data);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function base64Of(body: WireBody): string {
  if (body.encoding === 'base64') return body.data;
  const bytes = bodyBytes(body);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * A header no HTTP request can carry: a line break or NUL in its name or value. fetch refuses such a header, so a
 * captured request never holds one; an imported record may. Given to curl it would break the request's header lines
 * (a line after the break goes out as a header of its own), so the commands leave it out and say so.
 */
function unsendable(header: WireHeader): boolean {
  return /[\r\n\0]/.test(`${header.name}${header.value}${header.secret?.prefix ?? ''}`);
}

/** One comment line per header left out; the name in printable ASCII only, so nothing in it ends the comment. */
function leftOutNotes(headers: readonly WireHeader[], comment: '#' | '//'): string {
  return headers
    .filter(unsendable)
    .map(
      (h) =>
        `${comment} Left out: header ${JSON.stringify(h.name.replace(/[^ -~]/g, '?'))}, which holds a line break or NUL no request can carry.\n`,
    )
    .join('');
}

/** A here-document delimiter no line of `text` equals. */
function delimiterFor(text: string): string {
  const lines = new Set(text.split('\n'));
  let name = DELIMITER;
  for (let n = 1; lines.has(name); n++) name = `${DELIMITER}_${n}`;
  return name;
}

/**
 * The body fed to curl's standard input from a quoted here-document, byte for byte. Text goes as it is, cut back to
 * its exact length by `head -c` (a here-document always ends in a newline the body may not have); a body the shell
 * cannot hold as text (not UTF-8, or a NUL byte) goes as base64 through `base64 -d`.
 */
function bodyFeed(body: WireBody): { feed: string; doc: string } {
  if (body.encoding === 'utf8' && !body.data.includes('\0')) {
    const delimiter = delimiterFor(body.data);
    const length = new TextEncoder().encode(body.data).length;
    return { feed: `head -c ${length} <<'${delimiter}' | `, doc: `\n${body.data}\n${delimiter}` };
  }
  const encoded = base64Of(body);
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += BASE64_LINE) lines.push(encoded.slice(i, i + BASE64_LINE));
  return { feed: `base64 -d <<'${DELIMITER}' | `, doc: `\n${lines.join('\n')}\n${DELIMITER}` };
}

/** The request as a curl command for bash or zsh, with each secret header's variable to be set in the environment. */
export function curlCommand(request: WireRequest): string {
  const args = ['curl --globoff'];
  args.push(request.method === 'HEAD' ? '--head' : `--request ${shellQuote(request.method)}`);
  args.push(`--url ${shellQuote(request.url)}`);
  for (const header of request.headers) if (!unsendable(header)) args.push(`--header ${curlHeader(header)}`);
  const body = request.body;
  const notes = leftOutNotes(request.headers, '#');
  if (body === null) return notes + args.join(' \\\n  ');
  // With a body and no content type of its own, curl would add a form one the request never had.
  if (!request.headers.some((h) => !unsendable(h) && h.name.toLowerCase() === 'content-type'))
    args.push(`--header 'Content-Type:'`);
  if (body.data === '') return notes + [...args, "--data-binary ''"].join(' \\\n  ');
  const { feed, doc } = bodyFeed(body);
  return `${notes}${feed}${[...args, '--data-binary @-'].join(' \\\n  ')}${doc}`;
}

/** A header's value as a JavaScript expression: a secret one reads its variable from the environment. */
function fetchHeaderValue(header: WireHeader): string {
  const env = `process.env.${variableName(header)}`;
  if (!header.secret) return JSON.stringify(header.value);
  const prefix = secretPrefix(header);
  return prefix === '' ? env : `${JSON.stringify(prefix)} + ${env}`;
}

/** The request as a `fetch` call for Node (the secrets from `process.env`), printing the status and the body. */
export function fetchCommand(request: WireRequest): string {
  const sendable = request.headers.filter((h) => !unsendable(h));
  const headers = sendable.map((h) => `    [${JSON.stringify(h.name)}, ${fetchHeaderValue(h)}],`);
  const lines = [
    `const response = await fetch(${JSON.stringify(request.url)}, {`,
    `  method: ${JSON.stringify(request.method)},`,
    headers.length === 0 ? '  headers: [],' : `  headers: [\n${headers.join('\n')}\n  ],`,
  ];
  const body = request.body;
  if (body?.encoding === 'utf8') lines.push(`  body: ${JSON.stringify(body.data)},`);
  else if (body) lines.push(`  body: Uint8Array.from(atob(${JSON.stringify(body.data)}), (c) => c.charCodeAt(0)),`);
  lines.push('});', 'console.log(response.status, await response.text());');
  return leftOutNotes(request.headers, '//') + lines.join('\n');
}
