import type { Table } from 'dexie';
import { type ToolscopeDB, sessionTables } from '../../db/database';
import { recoverSession } from '../../db/recover';
import { readPriceOverrides, savePriceOverrides } from '../../db/prices-repo';
import type { ToolDefinition } from '../../domain/tool-definition';
import { headerSecretKey, putTools } from '../../db/tools-repo';
import { isLiveStatus, type OpenedTraceMark } from '../../domain/session';
import type { DroppedSecrets, ImportPlan } from './import-plan';
import { mcpHeaderSecretKey } from '../../domain/mcp-server';
import type { ImportedMcpServer } from './import-mcp-servers';
import { importedMcpTasks } from './import-mcp-tasks';
import { deleteSessionMcpTasks } from '../../db/mcp-tasks-repo';
import { wireExchangeRecord } from '../../db/wire-exchanges-repo';

export type WriteProgress = { written: number; total: number };

export type WriteSummary = {
  sessionIds: string[];
  /** File session id to stored id (differs for copies). */
  sessionIdMap: Record<string, string>;
  records: number;
  renamedTools: Record<string, string>;
  skippedTools: string[];
  /** Names (after any rename) of the tools written; all arrive switched off. */
  writtenTools: string[];
  skippedMemories: number;
  /** Replaced tools that lost their stored secrets because their URL now names another origin. */
  droppedSecrets: DroppedSecrets[];
  /** MCP servers added (switched off) and the headers each needs; servers left out and why. */
  mcpServers: ImportedMcpServer[];
  skippedMcpServers: { url: string; reason: string }[];
  /** Models whose price from the file was added to the person's own prices. */
  addedPrices: string[];
  /** Models the person had already priced differently: their own price stays. */
  keptPrices: string[];
};

const WRITE_CHUNK = 2_000;

/** A trace opened from the inbox: its session is stored marked `openedTrace` and named on the trace's row. */

/**
 * Writes a plan in ONE read-write transaction: replaced sessions are deleted first, then every record is
 * added in chunks (so progress can be reported) with bulkAdd, which refuses to overwrite. Any failure —
 * a key clash, quota, a throwing progress callback — aborts the transaction and leaves the database as it was.
 * Sessions exported mid-run are settled like after a crash (calls without results become interrupted).
 * The one writer of foreign data (architecture.md, invariant 5): a trace opened from the inbox comes through here too,
 * its session marked `openedTrace` and its trace row naming it in the same transaction.
 */
export async function writeImport(
  db: ToolscopeDB,
  plan: ImportPlan,
  onProgress: (p: WriteProgress) => void = () => {},
  openedTrace?: OpenedTraceMark,
): Promise<WriteSummary> {
  const total =
    plan.sessions.reduce(
      (n, e) =>
        n +
        1 +
        e.messages.length +
        e.toolCalls.length +
        e.runs.length +
        e.events.length +
        (e.mcpViewEvents?.length ?? 0) +
        (e.wireExchanges?.length ?? 0),
      0,
    ) +
    plan.tools.length +
    plan.memories.length +
    plan.mcpServers.records.length;
  let written = 0;
  const addAll = async <T, K>(table: Table<T, K>, rows: readonly T[]) => {
    for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
      const chunk = rows.slice(i, i + WRITE_CHUNK);
      await table.bulkAdd(chunk);
      written += chunk.length;
      onProgress({ written, total });
    }
  };

  const tables = [
    ...sessionTables(db),
    db.mcpTasks,
    db.tools,
    db.memories,
    db.secrets,
    db.mcpServers,
    db.settings,
    ...(openedTrace ? [db.traceIndex] : []),
  ];
  const addedPrices: string[] = [];
  const keptPrices: string[] = [];
  await db.transaction('rw', tables, async () => {
    for (const id of plan.replaceSessionIds) {
      await db.messages.where('[sessionId+order]').between([id, -Infinity], [id, Infinity]).delete();
      await db.toolCalls.where('sessionId').equals(id).delete();
      await db.runs.where('sessionId').equals(id).delete();
      await db.events.where('sessionId').equals(id).delete();
      await deleteSessionMcpTasks(db, id);
      await db.mcpViewEvents.where('sessionId').equals(id).delete();
      await db.toolSets.where('sessionId').equals(id).delete();
      await db.wireExchanges.where('sessionId').equals(id).delete();
      await db.sessions.delete(id);
    }
    onProgress({ written, total });
    await addAll(
      db.sessions,
      plan.sessions.map((e) => (openedTrace ? { ...e.session, openedTrace } : e.session)),
    );
    await addAll(
      db.runs,
      plan.sessions.flatMap((e) => e.runs),
    );
    await addAll(
      db.messages,
      plan.sessions.flatMap((e) => e.messages),
    );
    await addAll(
      db.toolCalls,
      plan.sessions.flatMap((e) => e.toolCalls),
    );
    await addAll(
      db.events,
      plan.sessions.flatMap((e) => e.events),
    );
    // Lanes are keyed by call id alone: one whose call id another session's lane already holds is left out rather
    // than failing the import (the conversation itself is whole without it).
    const tasks = plan.sessions.flatMap(importedMcpTasks);
    const taken = new Set(
      (await db.mcpTasks.bulkGet(tasks.map((t) => t.callId))).flatMap((t) => (t ? [t.callId] : [])),
    );
    await db.mcpTasks.bulkAdd(tasks.filter((t) => !taken.has(t.callId) && (taken.add(t.callId), true)));
    await addAll(
      db.mcpViewEvents,
      plan.sessions.flatMap((e) => e.mcpViewEvents ?? []),
    );
    await addAll(
      db.toolSets,
      plan.sessions.flatMap((e) => e.toolSets ?? []),
    );
    // Raw traffic as the file holds it (already within the exporting app's limit), with each row's size worked out again.
    await addAll(
      db.wireExchanges,
      plan.sessions.flatMap((e) => (e.wireExchanges ?? []).map(wireExchangeRecord)),
    );
    // Tools are put, not added: "replace" overwrites the stored row under its own id on purpose.
    for (let i = 0; i < plan.tools.length; i += WRITE_CHUNK) {
      const chunk = plan.tools.slice(i, i + WRITE_CHUNK);
      await putTools(db, chunk);
      written += chunk.length;
      onProgress({ written, total });
    }
    await settleToolSecrets(db, plan.tools, new Set(plan.keepSecretsFor));
    await addAll(db.memories, plan.memories);
    for (const server of plan.mcpServers.records) {
      // A new server has no values yet; anything stored under its id (a stray of a deleted server) is not its own.
      await db.secrets.where('key').startsWith(mcpHeaderSecretKey(server.id, '')).delete();
    }
    await addAll(db.mcpServers, plan.mcpServers.records);
    if (plan.modelPrices && Object.keys(plan.modelPrices).length > 0) {
      const own = { ...(await readPriceOverrides(db)) };
      for (const [model, price] of Object.entries(plan.modelPrices)) {
        const mine = Object.prototype.hasOwnProperty.call(own, model) ? own[model] : undefined;
        if (!mine) {
          own[model] = price;
          addedPrices.push(model);
        } else if (JSON.stringify(mine) !== JSON.stringify(price)) keptPrices.push(model);
      }
      if (addedPrices.length > 0) await savePriceOverrides(db, own);
    }
    for (const e of plan.sessions) {
      // Nested transaction: same scope, so it joins this one and is undone with it.
      if (isLiveStatus(e.session.status)) await recoverSession(db, e.session.id);
    }
    const opened = plan.sessions[0]?.session.id;
    if (openedTrace && opened)
      await db.traceIndex.update([openedTrace.sourceId, openedTrace.traceId], { sessionId: opened });
  });

  return {
    sessionIds: plan.sessions.map((e) => e.session.id),
    sessionIdMap: plan.sessionIdMap,
    records: total,
    renamedTools: plan.renamedTools,
    skippedTools: plan.skippedTools,
    writtenTools: plan.tools.map((t) => t.name),
    skippedMemories: plan.skippedMemories,
    droppedSecrets: plan.droppedSecrets,
    mcpServers: plan.mcpServers.added,
    skippedMcpServers: plan.mcpServers.skipped,
    addedPrices,
    keptPrices,
  };
}

/**
 * Secret header values are keyed by tool id. A written tool keeps only the values of headers it still marks
 * secret, and only when the plan says its origin is unchanged; anything else under its id (values for another
 * origin, or strays under an id the file chose) is deleted, so no stored secret follows a file to a new server.
 */
async function settleToolSecrets(
  db: ToolscopeDB,
  tools: readonly ToolDefinition[],
  keep: ReadonlySet<string>,
): Promise<void> {
  for (const tool of tools) {
    const allowed = new Set(
      keep.has(tool.id) && tool.kind === 'http'
        ? tool.http.headers.filter((h) => h.secret).map((h) => headerSecretKey(tool.id, h.name))
        : [],
    );
    const prefix = headerSecretKey(tool.id, '');
    const stored = await db.secrets.where('key').startsWith(prefix).primaryKeys();
    // Header names hold no ":", so a longer remainder is another tool's key (ids "a" and "a:b" share a prefix).
    const stale = stored.filter((key) => !allowed.has(key) && !key.slice(prefix.length).includes(':'));
    if (stale.length > 0) await db.secrets.bulkDelete(stale);
  }
}
