import { DEFAULT_TITLE } from '../../../db/sessions-repo';
import type { StoredShare } from '../../../sync/stored-shares';

/** One line of a list of stored share links (architecture.md, "Share links"), as the lists show it. */
export type StoredShareRow = {
  id: string;
  sessionId: string;
  /** The session's title, or a sentence when the session is no longer stored here. */
  title: string;
  /** The storage's address the sealed session was put on. */
  where: string;
  createdAt: number;
  toolResults: boolean;
  removedAt?: number;
};

/** Title used for a share whose session was deleted here: its link still works until sharing is stopped. */
export const GONE_SESSION_TITLE = 'A session no longer stored here';

/**
 * The rows of a stored-shares list, newest first: every share of this device, or one session's when `sessionId`
 * is given. Titles come from the sessions still stored; the default title reads "Untitled session" as in the Sessions list.
 */
export function storedShareRows(
  shares: readonly StoredShare[],
  titles: ReadonlyMap<string, string>,
  sessionId?: string,
): StoredShareRow[] {
  return shares
    .filter((s) => sessionId === undefined || s.sessionId === sessionId)
    .map((s) => {
      const t = titles.get(s.sessionId);
      const title =
        t === undefined ? GONE_SESSION_TITLE : t === DEFAULT_TITLE || t.trim() === '' ? 'Untitled session' : t;
      const row: StoredShareRow = {
        id: s.id,
        sessionId: s.sessionId,
        title,
        where: s.storage,
        createdAt: s.createdAt,
        toolResults: s.toolResults,
      };
      return s.removedAt === undefined ? row : { ...row, removedAt: s.removedAt };
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}

const when = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The words of one row: "Made <when>, with|without tool results", where it lies when asked, and
 * "· sharing stopped <when>" once removed. The session's title leads when the list spans sessions.
 */
export function describeStoredShare(row: StoredShareRow, opts: { withTitle: boolean; withWhere: boolean }): string {
  const parts = [
    opts.withTitle ? `${row.title}: ` : '',
    `Made ${when(row.createdAt)}, ${row.toolResults ? 'with' : 'without'} tool results`,
    opts.withWhere ? `, on ${row.where}` : '',
    row.removedAt !== undefined ? ` · sharing stopped ${when(row.removedAt)}` : '',
  ];
  return parts.join('');
}
