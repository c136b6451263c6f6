import type { ToolscopeDB } from '../../../db/database';
import { getMessages, listPathIds } from '../../../db/messages-repo';
import type { MessageRecord } from '../../../db/records';

/** Rows a later write may still change in place: the streaming partial (and, to be safe, the newest row). */
const mayChange = (m: MessageRecord) => m.role === 'assistant' && m.status === 'streaming';

/**
 * One session's stored messages on its active path (architecture.md, "Branches"), kept in memory and refreshed
 * cheaply. The persister writes about once a
 * second while a run streams; re-reading thousands of records each time would cost a full deserialization
 * per second. Stored messages are append-mostly: a refresh reads only the ids (from the index), then the
 * records that are new, still streaming, or last. Returns the previous array when nothing changed, so the
 * chat does not re-render. Run inside a liveQuery, the index range read keeps it live across tabs.
 *
 * A long session opens tail first: the first read fetches only the newest TAIL records (what the chat shows
 * at the bottom), so opening 5,000 messages costs about what opening a short session does; loadEarlier()
 * then brings the rest in chunks, and the next read returns the whole history.
 */
export class SessionMessagesCache {
  static readonly TAIL = 250;
  private static readonly EARLIER_CHUNK = 500;
  private byId = new Map<string, MessageRecord>();
  private list: MessageRecord[] = [];
  /** The oldest message held while only the tail is loaded; null once the whole history is. */
  private firstHeldId: string | null = null;
  private cold = true;
  private earlier = 0;

  constructor(
    private readonly db: ToolscopeDB,
    private readonly sessionId: string,
  ) {}

  /** How many older messages are not loaded yet (0 once the whole history is). */
  get earlierCount(): number {
    return this.earlier;
  }

  async read(): Promise<MessageRecord[]> {
    const all = await listPathIds(this.db, this.sessionId);
    if (this.cold) {
      this.cold = false;
      if (all.length > SessionMessagesCache.TAIL) this.firstHeldId = all[all.length - SessionMessagesCache.TAIL]!;
    }
    const from = this.firstHeldId === null ? 0 : Math.max(0, all.indexOf(this.firstHeldId));
    const ids = from === 0 ? all : all.slice(from);
    this.earlier = from;
    const need = ids.filter((id, i) => {
      const cached = this.byId.get(id);
      return !cached || mayChange(cached) || i === ids.length - 1;
    });
    const fetched = need.length > 0 ? await getMessages(this.db, need) : [];
    let changed = ids.length !== this.list.length || ids.some((id, i) => this.list[i]?.id !== id);
    fetched.forEach((record, i) => {
      if (!record) {
        // Deleted between the two reads: dropped now; the delete is a change, so a refresh follows anyway.
        if (this.byId.delete(need[i]!)) changed = true;
        return;
      }
      const cached = this.byId.get(record.id);
      if (!cached || !sameRecord(cached, record)) {
        this.byId.set(record.id, record);
        changed = true;
      }
    });
    if (!changed) return this.list;
    const next: MessageRecord[] = [];
    const keep = new Map<string, MessageRecord>();
    for (const id of ids) {
      const record = this.byId.get(id);
      if (!record) continue;
      next.push(record);
      keep.set(id, record);
    }
    this.byId = keep;
    this.list = next;
    return next;
  }

  /** Fetches every message older than the loaded tail, in chunks; the next read() returns the whole history. */
  async loadEarlier(): Promise<void> {
    if (this.firstHeldId === null) return;
    const all = await listPathIds(this.db, this.sessionId);
    const older = all.slice(0, Math.max(0, all.indexOf(this.firstHeldId)));
    for (let i = 0; i < older.length; i += SessionMessagesCache.EARLIER_CHUNK) {
      const chunk = older.slice(i, i + SessionMessagesCache.EARLIER_CHUNK);
      const records = await getMessages(this.db, chunk);
      for (const record of records) if (record) this.byId.set(record.id, record);
    }
    this.firstHeldId = null;
    // The list's length no longer matches the ids, so the next read() rebuilds it.
    this.list = [];
  }
}

function sameRecord(a: MessageRecord, b: MessageRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
