/**
 * The "Models" textbox of "Try on other models" (architecture.md, "Try on other models"): one target per line,
 * `<model>` for the step's own endpoint or `<model> @ <base URL>` for another saved endpoint, which uses its own key.
 * Pure: which endpoints are saved is asked of the caller.
 */
import { baseURLIdentity } from '../domain/session';
import { isDemoBaseURL } from './known-providers';

/** A model to send the request to; `baseURL` absent: the endpoint the step itself went to. */
export type ModelTarget = { model: string; baseURL?: string; line: number };

/** One bad line: `line` is 1-based, `text` the line as typed; `message` says what is wrong and what to do. */
abstract class ModelLineError extends Error {
  abstract readonly kind: ModelLineErrorKind;
  readonly line: number;
  readonly text: string;
  constructor(line: number, text: string, message: string) {
    super(`Line ${line}: ${message}`);
    this.line = line;
    this.text = text;
  }
}

type ModelLineErrorKind =
  | 'missing_model'
  | 'missing_base_url'
  | 'bad_base_url'
  | 'space_in_model'
  | 'duplicate_model'
  | 'unknown_endpoint';

export class MissingModelError extends ModelLineError {
  readonly kind = 'missing_model';
  constructor(line: number, text: string) {
    super(line, text, 'write the model name before "@".');
    this.name = 'MissingModelError';
  }
}

export class MissingBaseUrlError extends ModelLineError {
  readonly kind = 'missing_base_url';
  constructor(line: number, text: string) {
    super(line, text, 'write the base URL of a saved endpoint after "@", or remove the "@".');
    this.name = 'MissingBaseUrlError';
  }
}

export class BadBaseUrlError extends ModelLineError {
  readonly kind = 'bad_base_url';
  constructor(line: number, text: string) {
    super(line, text, 'the base URL after "@" is not an http:// or https:// address.');
    this.name = 'BadBaseUrlError';
  }
}

export class SpaceInModelError extends ModelLineError {
  readonly kind = 'space_in_model';
  constructor(line: number, text: string) {
    super(
      line,
      text,
      'a model name has no spaces; put one model on each line, and "@" with spaces around it before a base URL.',
    );
    this.name = 'SpaceInModelError';
  }
}

export class DuplicateModelError extends ModelLineError {
  readonly kind = 'duplicate_model';
  readonly firstLine: number;
  constructor(line: number, text: string, firstLine: number) {
    super(line, text, `the same model and endpoint as line ${firstLine}; remove one of them.`);
    this.name = 'DuplicateModelError';
    this.firstLine = firstLine;
  }
}

export class UnknownEndpointError extends ModelLineError {
  readonly kind = 'unknown_endpoint';
  readonly baseURL: string;
  constructor(line: number, text: string, baseURL: string) {
    super(line, text, `${baseURL} is not a saved endpoint; save it (with its key) in Settings first.`);
    this.name = 'UnknownEndpointError';
    this.baseURL = baseURL;
  }
}

/** The text named no model at all. */
export class NoModelsError extends Error {
  readonly kind = 'no_models';
  constructor() {
    super('Write at least one model name, one per line.');
    this.name = 'NoModelsError';
  }
}

type ModelTargetsParse =
  | { ok: true; targets: ModelTarget[] }
  | { ok: false; errors: (ModelLineError | NoModelsError)[] };

/** `model @ url`: the first "@" with white space (or the line's edge) on both sides; "@" inside a model name stays. */
const SEPARATOR = /(?:^|\s)@(?:\s|$)/;

function parseLine(text: string, line: number): ModelTarget | ModelLineError {
  const trimmed = text.trim();
  const at = SEPARATOR.exec(trimmed);
  // One split: the model before the separator, the base URL after it (null: the line names no endpoint).
  const [model, url] = at
    ? [trimmed.slice(0, at.index).trim(), trimmed.slice(at.index + at[0].length).trim()]
    : [trimmed, null];
  if (model === '') return new MissingModelError(line, text);
  if (/\s/.test(model)) return new SpaceInModelError(line, text);
  if (url === '') return new MissingBaseUrlError(line, text);
  if (url !== null && !isDemoBaseURL(url) && !isHttpURL(url)) return new BadBaseUrlError(line, text);
  return target(model, url, line);
}

/** The one shape of a target: `baseURL` only when the line names an endpoint other than the step's own. */
function target(model: string, baseURL: string | null, line: number): ModelTarget {
  return baseURL === null ? { model, line } : { model, baseURL, line };
}

function isHttpURL(s: string): boolean {
  if (/\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Reads the textbox. Blank lines are skipped. `isSavedEndpoint` says whether a base URL other than the step's own
 * has a saved endpoint (a key, or none needed); `ownBaseURL` is the step's endpoint, so `model @ <own URL>` means
 * the same as `model` and counts as its duplicate.
 */
export function parseModelTargets(
  text: string,
  options: { ownBaseURL: string; isSavedEndpoint: (baseURL: string) => boolean },
): ModelTargetsParse {
  const targets: ModelTarget[] = [];
  const errors: ModelLineError[] = [];
  const seen = new Map<string, number>();
  const own = baseURLIdentity(options.ownBaseURL);
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const parsed = parseLine(raw, i + 1);
    if (parsed instanceof ModelLineError) {
      errors.push(parsed);
      return;
    }
    const endpoint = parsed.baseURL === undefined ? own : baseURLIdentity(parsed.baseURL);
    // "@ <the step's own endpoint>" is the step's endpoint: the same target as the bare model.
    const found = target(parsed.model, endpoint === own ? null : (parsed.baseURL ?? null), parsed.line);
    if (found.baseURL !== undefined && !options.isSavedEndpoint(found.baseURL)) {
      errors.push(new UnknownEndpointError(found.line, raw, found.baseURL));
      return;
    }
    const key = `${found.model}\n${endpoint}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(new DuplicateModelError(found.line, raw, first));
      return;
    }
    seen.set(key, found.line);
    targets.push(found);
  });
  if (errors.length > 0) return { ok: false, errors };
  if (targets.length === 0) return { ok: false, errors: [new NoModelsError()] };
  return { ok: true, targets };
}

/** A target's name as the comparison shows it: the model, with the endpoint's host when it is another endpoint. */
export function modelTargetLabel(target: Pick<ModelTarget, 'model' | 'baseURL'>): string {
  if (target.baseURL === undefined) return target.model;
  try {
    return `${target.model} @ ${new URL(target.baseURL).host}`;
  } catch {
    return `${target.model} @ ${target.baseURL}`;
  }
}
