import type { ExportFileV1 } from '../session-file/format-v1';
import type { ImportFailure } from '../import/import-protocol';
import { APP_INFO } from '../app-info';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../session-file/format-v1';
import { hostileShapeFailure, parseJsonText } from '../import/parse-file';
import { fileFormat } from '../import/file-format';
import { ForeignArchiveError, ForeignLimitError, ForeignShapeError } from './foreign-errors';
import { hasZipMagic, type ForeignKind } from './detect';
import type { BuilderOptions, ForeignNotes } from './session-builder';
import { isRecord } from '../../domain/is-record';

/**
 * The way in for other apps' files (architecture.md, "Import and export of other formats"), loaded by the import job
 * only when a file is one: ChatGPT's .zip or its files picked together, a Claude export, an AG-UI log. Everything is
 * read and converted here, in the import worker, before any write; what comes out is an ordinary version-1 file that
 * the import then checks (schema, integrity, history) and writes in one transaction like any other.
 */
export type Converted = { ok: true; file: ExportFileV1; notes: ForeignNotes } | { ok: false; failure: ImportFailure };

export type PickedFile = { name: string; bytes: () => Promise<Uint8Array> };

const SHARD = /(?:^|\/)conversations-(\d+)\.json$/i;
const WHOLE = /(?:^|\/)conversations\.json$/i;
const MANIFEST = /(?:^|\/)export_manifest\.json$/i;
const wanted = (name: string) => SHARD.test(name) || WHOLE.test(name) || MANIFEST.test(name);
const base = (name: string) => name.slice(name.lastIndexOf('/') + 1);

export async function convertParsed(data: unknown, kind: ForeignKind, opts: BuilderOptions): Promise<Converted> {
  return guarded(async () => {
    const hostile = hostileShapeFailure(data);
    if (hostile) return { ok: false, failure: hostile };
    const { sessions, notes } = await convertKind(data, kind, opts);
    if (sessions.length === 0) return { ok: false, failure: nothingReadable(notes) };
    const file: ExportFileV1 = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(opts.now).toISOString(),
      app: APP_INFO,
      sessions,
      tools: [],
    };
    return { ok: true, file, notes };
  });
}

/** The refusal of a file none of whose entries could be imported: the first unreadable one says why. */
function nothingReadable(notes: ForeignNotes): ImportFailure {
  const unreadable = notes.skipped.flatMap((s) =>
    s.reason.kind === 'unreadable' ? [{ path: s.reason.path, expected: s.reason.expected }] : [],
  );
  const first = unreadable[0];
  if (!first)
    return {
      stage: 'schema',
      message: `The ${notes.format} holds no conversation with a message to import.`,
      issues: [],
      total: 0,
    };
  const n = unreadable.length;
  const empty = notes.skipped.length - n;
  return {
    stage: 'schema',
    message:
      `This looks like ${/^[AEIOU]/.test(notes.format) ? 'an' : 'a'} ${notes.format}, but nothing ` +
      `in it can be imported: ${n === 1 ? 'its one entry' : `${n} entries`} cannot be read (the first ` +
      `at ${first.path}, expected ${first.expected})${empty > 0 ? ` and ${empty === 1 ? 'one holds' : `${empty} hold`} no messages` : ''}.`,
    issues: unreadable.slice(0, 20),
    total: unreadable.length,
  };
}

async function convertKind(data: unknown, kind: ForeignKind, opts: BuilderOptions) {
  switch (kind) {
    case 'chatgpt':
      return (await import('./chatgpt-import')).chatGPTToSessions(data, opts);
    case 'claude':
      return (await import('./claude-import')).claudeToSessions(data, opts);
    case 'agui':
      return (await import('./agui-import')).aguiToSessions(data, opts);
  }
}

/** JSON Lines of AG-UI events. */
export async function convertJsonLines(text: string, opts: BuilderOptions): Promise<Converted> {
  return guarded(async () => {
    const { parseJsonLinesIfAgui } = await import('./agui-import');
    const events = parseJsonLinesIfAgui(text);
    if (events === null)
      return {
        ok: false,
        failure: {
          stage: 'schema',
          message: 'The file is neither JSON nor JSON Lines of AG-UI events.',
          issues: [],
          total: 0,
        },
      };
    return convertParsed(events, 'agui', opts);
  });
}

/**
 * Several files picked together, or one .zip: ChatGPT's `conversations.json` (or its shards with the manifest), or
 * Claude's `conversations.json`. The manifest, when it lists its shards, must find each of them.
 */
export async function convertPicked(files: readonly PickedFile[], opts: BuilderOptions): Promise<Converted> {
  return guarded(async () => {
    const texts = new Map<string, string>();
    const decoder = new TextDecoder('utf-8');
    for (const f of files) {
      const bytes = await f.bytes();
      if (fileFormat({ step: 'picked', files: [{ name: f.name, head: bytes.subarray(0, 4) }] }).kind === 'archive') {
        const { readZipEntries } = await import('./unzip');
        if (!hasZipMagic(bytes.subarray(0, 4)))
          throw new ForeignArchiveError(
            `“${f.name}” is not a .zip archive (it does not start like one). Download the export again, or pick the conversations.json inside it.`,
          );
        for (const [name, entry] of readZipEntries(bytes, wanted)) texts.set(name, decoder.decode(entry));
      } else {
        texts.set(f.name, decoder.decode(bytes));
      }
    }
    const names = [...texts.keys()];
    const whole = names.find((n) => WHOLE.test(n));
    const shards = names
      .filter((n) => SHARD.test(n))
      .sort((a, b) => Number(SHARD.exec(a)![1]) - Number(SHARD.exec(b)![1]));
    const manifest = names.find((n) => MANIFEST.test(n));
    if (whole === undefined && shards.length === 0) {
      if (files.length === 1 && names.length === 0)
        throw new ForeignArchiveError(
          `The .zip holds no conversations.json: it is not a ChatGPT or Claude data export.`,
        );
      if (names.length === 1) return single(texts.get(names[0]!)!, opts);
      throw new ForeignArchiveError(
        'Pick one file, or the files of one export together: conversations.json, or the conversations-NNN.json files with export_manifest.json.',
      );
    }
    const parts = whole !== undefined ? [whole] : shards;
    if (manifest !== undefined && whole === undefined) checkManifest(texts.get(manifest)!, shards);
    const all: unknown[] = [];
    for (const name of parts) {
      const parsed = parseJsonText(texts.get(name)!);
      if (!parsed.ok)
        return {
          ok: false,
          failure: { stage: 'json', message: `${base(name)}: ${parsed.error.message}`, error: parsed.error },
        };
      if (!Array.isArray(parsed.data))
        throw new ForeignShapeError('a ChatGPT or Claude data export', {
          path: `${base(name)} $`,
          expected: 'a list of conversations',
        });
      for (const c of parsed.data) all.push(c);
    }
    const format = fileFormat({ step: 'parsed', data: all });
    const kind = format.kind === 'foreign' ? format.app : null;
    if (kind === null || kind === 'agui')
      throw new ForeignShapeError('a ChatGPT or Claude data export', {
        path: `${base(parts[0]!)} $[0]`,
        expected: 'a conversation with a "mapping" (ChatGPT) or "chat_messages" (Claude)',
      });
    const converted = await convertParsed(all, kind, opts);
    if (converted.ok && shards.length > 0 && whole === undefined) {
      converted.notes.found.unshift(
        `${shards.length} part${shards.length === 1 ? '' : 's'} of a sharded export ` +
          `(${shards.map(base).join(', ')})${manifest ? ', all the manifest lists' : ''}`,
      );
      if (!manifest)
        converted.notes.leftOut.unshift(
          'No export_manifest.json came with the parts, so whether every part is here is not known.',
        );
    }
    return converted;
  });
}

async function single(text: string, opts: BuilderOptions): Promise<Converted> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, failure: { stage: 'json', message: parsed.error.message, error: parsed.error } };
  const format = fileFormat({ step: 'parsed', data: parsed.data });
  const kind = format.kind === 'foreign' ? format.app : null;
  if (kind === null)
    return {
      ok: false,
      failure: { stage: 'envelope', message: 'This file is not one this page can import.', issues: [], total: 0 },
    };
  return convertParsed(parsed.data, kind, opts);
}

/** Every shard the manifest names must be among the files; a manifest that names none is not checked. */
function checkManifest(text: string, shards: readonly string[]): void {
  const parsed = parseJsonText(text);
  if (!parsed.ok || !isRecord(parsed.data))
    throw new ForeignShapeError('a ChatGPT export manifest', {
      path: 'export_manifest.json $',
      expected: 'a JSON object',
    });
  const listed = new Set<string>();
  const stack: unknown[] = [parsed.data];
  let steps = 0;
  while (stack.length > 0 && steps++ < 100_000) {
    const v = stack.pop();
    if (typeof v === 'string') {
      const m = SHARD.exec(v);
      if (m) listed.add(base(v));
    } else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isRecord(v)) for (const x of Object.values(v)) stack.push(x);
  }
  const have = new Set(shards.map(base));
  const missing = [...listed].filter((n) => !have.has(n)).sort();
  if (missing.length > 0) {
    throw new ForeignArchiveError(
      `The export's manifest lists ${missing.length === 1 ? 'a part' : `${missing.length} parts`} ` +
        `that ${missing.length === 1 ? 'was' : 'were'} not picked: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}. ` +
        `Pick all the conversations-NNN.json files with export_manifest.json together, or the .zip as downloaded.`,
    );
  }
}

async function guarded(work: () => Promise<Converted>): Promise<Converted> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ForeignShapeError)
      return { ok: false, failure: { stage: 'schema', message: err.message, issues: [err.issue], total: 1 } };
    if (err instanceof ForeignLimitError) return { ok: false, failure: { stage: 'too_large', message: err.message } };
    if (err instanceof ForeignArchiveError) return { ok: false, failure: { stage: 'archive', message: err.message } };
    throw err;
  }
}
