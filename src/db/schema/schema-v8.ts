/**
 * v8: syncChanges, the keys of synced records written since sync last read them (sync-change-log.ts), one row per
 * record, written in the same transaction as the record. No record is rewritten.
 */
export const SCHEMA_V8_CHANGES = Object.freeze({
  syncChanges: 'k',
});
