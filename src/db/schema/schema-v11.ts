/**
 * v11: toolSets, the distinct tool sets a session's requests offered (architecture.md, "Offered tool sets";
 * domain/offered-tools.ts), one row per session and content hash; a request's `request_started.toolSet` names its
 * row. Indexed by session so a session's sets go with it (delete, undo, export). No record is rewritten: requests
 * stored before v11 carry no hash and read as "not recorded".
 */
export const SCHEMA_V11_CHANGES = Object.freeze({
  toolSets: '[sessionId+hash], sessionId',
});
