/**
 * v13: wireExchanges, each request as it went over the wire (docs/wire-capture.md; domain/wire-exchange.ts), by id.
 * Indexed by session (it goes with its session: delete, undo), by session, start and stored size (the per-session
 * bound reads sizes from the index without loading a body, wire-exchanges-repo.ts) and by the model turn's message.
 * No record is rewritten: the table is new.
 */
export const SCHEMA_V13_CHANGES = Object.freeze({
  wireExchanges: 'id, sessionId, [sessionId+startedAt+bytes], owner.messageId',
});
