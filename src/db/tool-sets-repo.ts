import type { ToolSetRecord } from '../domain/offered-tools';
import type { ToolscopeDB } from './database';

/** The session's distinct tool sets (architecture.md, "Offered tool sets"), oldest hash order not kept: by hash. */
export function listSessionToolSets(db: ToolscopeDB, sessionId: string): Promise<ToolSetRecord[]> {
  return db.toolSets.where('sessionId').equals(sessionId).toArray();
}

/** The tool set a request named by its hash; undefined when the request predates recording or the set is gone. */
export function getToolSet(db: ToolscopeDB, sessionId: string, hash: string): Promise<ToolSetRecord | undefined> {
  return db.toolSets.get([sessionId, hash]);
}
