/**
 * v4: messages get the index [sessionId+branchId+order], so a branch's own messages are read from the index alone
 * (domain/branches.ts). Messages without a branchId belong to the root branch: every session stored before this
 * version stays one straight path, with no record rewritten.
 */
export const SCHEMA_V4_CHANGES = Object.freeze({
  messages: 'id, [sessionId+order], [sessionId+branchId+order]',
});
