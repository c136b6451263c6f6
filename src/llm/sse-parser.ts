import { ModelError } from '../agent/errors';
import { providerStreamError } from './stream-error';

const NEWLINE = 10;
const CR = 13;
const SPACE = 32;
const COLON = 58;
const LOWER_D = 100;
const LOWER_E = 101;

/**
 * Incremental Server-Sent Events parser for Chat Completions streams, fed decoded text.
 *
 * Parsed data objects are appended to `out` (the caller drains it). The parser never re-scans text:
 * each push looks for line ends only in the new text, and an unfinished line is carried as a string
 * until its newline arrives. Lines end in LF or CRLF (a lone CR is not treated as a line end: no
 * LLM provider sends that, and supporting it would cost a second scan).
 *
 * It stops at `data: [DONE]` (`done`), and at the first provider error (`error`): an `event: error`
 * or a data object with a non-null `error` key.
 */
export class SSEParser {
  done = false;
  error: ModelError | null = null;
  private partial = '';
  private data: string | null = null;
  private event = '';

  constructor(
    private readonly out: unknown[],
    private readonly redact: (text: string) => string = (t) => t,
  ) {}

  get stopped(): boolean {
    return this.done || this.error !== null;
  }

  push(text: string): void {
    if (this.stopped || text === '') return;
    let nl = text.indexOf('\n');
    if (nl === -1) {
      this.partial = this.partial === '' ? text : this.partial + text;
      return;
    }
    let start = 0;
    if (this.partial !== '') {
      const line = this.partial + text.slice(0, nl);
      this.partial = '';
      if (!this.line(line, 0, line.length)) return;
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    while (nl !== -1) {
      let dataEnd: number;
      // Fast path for the shape nearly every chunk has: one `data: …` line, then the blank line.
      if (
        this.data === null &&
        this.event === '' &&
        text.charCodeAt(nl + 1) === NEWLINE &&
        text.charCodeAt(nl - 1) !== CR &&
        isDataColonSpace(text, start)
      ) {
        if (!this.deliver(text.slice(start + 6, nl), false)) return;
        start = nl + 2;
      } else if (this.data === null && this.event === '' && (dataEnd = namedEventEnd(text, start, nl)) !== -1) {
        // The same for named events (Responses, Anthropic): the name is not needed once it is not `error`.
        if (!this.deliver(text.slice(nl + 7, dataEnd), false)) return;
        start = dataEnd + 2;
      } else {
        if (!this.line(text, start, nl)) return;
        start = nl + 1;
      }
      nl = text.indexOf('\n', start);
    }
    if (start < text.length) this.partial = text.slice(start);
  }

  /**
   * End of input. A last event without its closing blank line is still delivered (some servers
   * omit it), but one whose JSON is cut short means the connection dropped mid-event.
   */
  end(): void {
    if (this.stopped) return;
    if (this.partial !== '') {
      const line = this.partial;
      this.partial = '';
      if (!this.line(line, 0, line.length)) return;
    }
    this.dispatch(true);
  }

  /** Handles one line `s[start, end)`; false once the parser has stopped. */
  private line(s: string, start: number, end: number): boolean {
    if (end > start && s.charCodeAt(end - 1) === CR) end--;
    if (end === start) return this.dispatch(false);
    const first = s.charCodeAt(start);
    if (first === LOWER_D) {
      if (s.startsWith('data', start)) {
        const value = fieldValue(s, start + 4, end);
        if (value !== null) this.data = this.data === null ? value : this.data + '\n' + value;
      }
    } else if (first === LOWER_E) {
      if (s.startsWith('event', start)) {
        const value = fieldValue(s, start + 5, end);
        if (value !== null) this.event = value;
      }
    }
    // `: comment` keep-alives and the id/retry fields carry nothing a chat stream needs.
    return true;
  }

  private dispatch(atEnd: boolean): boolean {
    const data = this.data;
    const event = this.event;
    this.data = null;
    this.event = '';
    if (data === null) return true;
    if (event === 'error') {
      this.error = providerStreamError(parseOrText(data), this.redact);
      return false;
    }
    return this.deliver(data, atEnd);
  }

  /** Parses one data payload of an ordinary event; false once the parser has stopped. */
  private deliver(data: string, atEnd: boolean): boolean {
    if (data === '[DONE]') {
      this.done = true;
      return false;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      this.error = atEnd
        ? new ModelError(
            { fault: 'system', kind: 'network', message: 'The connection ended in the middle of a streamed chunk.' },
            true,
          )
        : new ModelError(
            {
              fault: 'system',
              kind: 'provider_stream_error',
              status: null,
              code: 'invalid_json',
              message: `The provider sent a chunk that is not valid JSON: ${this.redact(data.slice(0, 200))}`,
            },
            false,
          );
      return false;
    }
    if (typeof parsed !== 'object' || parsed === null) return true;
    // hasOwn, not `.error`: a missing-property read walks the prototype chain and cost ~8% of the whole parse.
    if (Object.hasOwn(parsed, 'error') && (parsed as { error?: unknown }).error != null) {
      this.error = providerStreamError(parsed, this.redact);
      return false;
    }
    this.out.push(parsed);
    return true;
  }
}

/** `data: ` at `at`, checked by char codes: startsWith(…, position) measured slower in this hot loop. */
function isDataColonSpace(s: string, at: number): boolean {
  return (
    s.charCodeAt(at) === LOWER_D &&
    s.charCodeAt(at + 1) === 97 &&
    s.charCodeAt(at + 2) === 116 &&
    s.charCodeAt(at + 3) === 97 &&
    s.charCodeAt(at + 4) === COLON &&
    s.charCodeAt(at + 5) === SPACE
  );
}

/** `event: ` at `at`, by char codes as above. */
function isEventColonSpace(s: string, at: number): boolean {
  return (
    s.charCodeAt(at) === LOWER_E &&
    s.charCodeAt(at + 1) === 118 &&
    s.charCodeAt(at + 2) === LOWER_E &&
    s.charCodeAt(at + 3) === 110 &&
    s.charCodeAt(at + 4) === 116 &&
    s.charCodeAt(at + 5) === COLON &&
    s.charCodeAt(at + 6) === SPACE
  );
}

/**
 * Where the data line ends when `s` holds from `start` a whole `event: <name>\ndata: …\n\n` with no CR and a name
 * other than `error` (its first line ending at `nl`); -1 otherwise, for the line-by-line path.
 */
function namedEventEnd(s: string, start: number, nl: number): number {
  if (!isEventColonSpace(s, start) || s.charCodeAt(nl - 1) === CR) return -1;
  if (nl - start === 12 && s.startsWith('error', start + 7)) return -1;
  if (!isDataColonSpace(s, nl + 1)) return -1;
  const end = s.indexOf('\n', nl + 1);
  return end !== -1 && s.charCodeAt(end + 1) === NEWLINE && s.charCodeAt(end - 1) !== CR ? end : -1;
}

/** The value of a field whose name ends at `at`: null when the name is longer (e.g. `database:`). */
function fieldValue(s: string, at: number, end: number): string | null {
  if (at === end) return '';
  if (s.charCodeAt(at) !== COLON) return null;
  let from = at + 1;
  if (from < end && s.charCodeAt(from) === SPACE) from++;
  return s.slice(from, end);
}

function parseOrText(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}
