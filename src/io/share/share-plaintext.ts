import { checkExportData } from '../session-file/check-file';
import { APP_INFO } from '../app-info';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFileV1 } from '../session-file/format-v1';
import { compactShare, CompactShareError, sessionFromCompact, type ShareV3 } from './share-compact';
import { ShareLinkError } from './share-errors';
import { isRecord } from '../../domain/is-record';

/**
 * What a share link carries, before sealing (architecture.md, "Share links"). Version 3 (share-compact.ts): only
 * what the shared view shows, positional. Version 2 is version 3 without the messages' extras (images, refusals,
 * citations, provider-run tools, edit marks) and reads the same way (`__fixtures__/share-link-v2.txt` is one such
 * link). Version 1, what links made before them carry, is still read: a versioned
 * envelope around a Toolscope session file (format-v1.ts) holding the one session
 * (`__fixtures__/share-link-v1.txt` is one such link). Neither carries tool definitions, MCP servers, memories,
 * prices or the system prompt layers each request sent (they hold recalled memories).
 */
export const SHARE_FORMAT = 'toolscope-share';
const SHARE_VERSION = 3;

/**
 * The compact share of the one session `file` holds (buildExport's output for that session). `images`: false when
 * they are left out so the rest fits inside a link (ui/data/share/share-link.ts).
 */
export function sharePlaintext(file: ExportFileV1, includeToolResults: boolean, images = true): ShareV3 {
  const entry = file.sessions[0];
  if (file.sessions.length !== 1 || entry === undefined) throw new Error('A share link carries exactly one session.');
  return compactShare(entry, { toolResults: includeToolResults, images });
}

export function encodeSharePlaintext(p: ShareV3): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(p));
}

export type OpenedShare = { toolResults: boolean; file: ExportFileV1; text: string };

const notASession = () =>
  new ShareLinkError(
    'damaged',
    'This share link opened, but what it holds is not a Toolscope session this page can show. Ask the sender to make the link again.',
  );

/**
 * Reads opened bytes back: the envelope's format and version, then the whole import check (JSON, hostile shapes,
 * schema, integrity, history) on the session file, so a share is shown only once it would also import. `text`
 * is the session file, for "Import a copy".
 */
export function decodeSharePlaintext(bytes: Uint8Array): OpenedShare {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw notASession();
  }
  if (!isRecord(data)) throw notASession();
  const env = data as Record<string, unknown>;
  if (env.format !== SHARE_FORMAT) throw notASession();
  if (typeof env.version !== 'number' || !Number.isInteger(env.version)) throw notASession();
  if (env.version > SHARE_VERSION) {
    throw new ShareLinkError(
      'version',
      `This shared session was made by a newer version of Toolscope (share format ${env.version}). ` +
        `Reload the page to get the newest version, then open the link again.`,
    );
  }
  let toolResults: boolean;
  let file: unknown;
  if (env.version === 3 || env.version === 2) {
    if (env.r !== 0 && env.r !== 1) throw notASession();
    toolResults = env.r === 1;
    file = fileFromCompact(env);
  } else if (env.version === 1 && typeof env.toolResults === 'boolean') {
    toolResults = env.toolResults;
    file = env.file;
  } else throw notASession();
  const checked = checkExportData(file);
  if (!checked.ok || checked.file.sessions.length !== 1) throw notASession();
  return { toolResults, file: checked.file, text: JSON.stringify(checked.file) };
}

/** A version 3 (or 2) share as the session file the import checks read; ids are made here, times are the share's. */
function fileFromCompact(data: unknown): ExportFileV1 {
  const now = Date.now();
  try {
    const session = sessionFromCompact(data, { now, newId: () => crypto.randomUUID() });
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(now).toISOString(),
      app: APP_INFO,
      sessions: [session],
      tools: [],
    };
  } catch (e) {
    if (e instanceof CompactShareError) throw notASession();
    throw e;
  }
}
