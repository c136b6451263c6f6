import type { ToolscopeDB } from '../../db/database';
import { sessionMessages } from '../../db/messages-repo';
import type { MessageRecord } from '../../db/records';

/** Rows a later write may still change in place: the streaming partial (and, to be safe, the newest row). */
const mayChange = (m: MessageRecord) => m.role === 'assistant' && m.status === 'streaming';

/**
 * One session's stored messages, kept in memory and refreshed cheaply. The persister writes about once a
 * second while a run streams; re-reading thousands of records each time would cost a full deserialization
 * per second. Stored messages are append-mostly: a refresh reads only the ids (from the index), then the
 * records that are new, still streaming, or last. Returns the previous array when nothing changed, so the
 * chat does not re-render. Run inside a liveQuery, the index range read keeps it live across tabs.
 */
export class SessionMessagesCache {
  private byId = new Map<string, MessageRecord>();
  private list: MessageRecord[] = [];

  constructor(
    private readonly db: ToolscopeDB,
    private readonly sessionId: string,
  ) {}

  async read(): Promise<MessageRecord[]> {
    const ids = (await sessionMessages(this.db, this.sessionId).primaryKeys()) as string[];
    const need = ids.filter((id, i) => {
      const cached = this.byId.get(id);
      return !cached || mayChange(cached) || i === ids.length - 1;
    });
    const fetched = need.length > 0 ? await this.db.messages.bulkGet(need) : [];
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
}

function sameRecord(a: MessageRecord, b: MessageRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
