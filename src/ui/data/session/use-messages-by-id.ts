import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { fromMessageRecord, getMessages } from '../../../db/messages-repo';
import type { MessageRecord } from '../../../db/records';
import type { ChatMessage } from '../../../domain/messages';

/** The stored messages with these ids (those still there, in the given order), live; undefined until read. */
export function useMessagesById(ids: readonly string[]): ChatMessage[] | undefined {
  return useLiveQuery(
    async () => (await getMessages(db, ids)).filter((m): m is MessageRecord => m !== undefined).map(fromMessageRecord),
    [ids],
  );
}
