/**
 * Helpers for the persistence end-to-end specs: read what IndexedDB really holds (raw IndexedDB, not the app's
 * Dexie instance, so a bug in the app's reading code cannot hide a bug in its writing code), find the session the
 * page shows, and check invariant 1 on stored messages and on the messages a request sent to the model.
 */
import { expect, type Page } from '@playwright/test';
import type { ChatRequest } from './server/mock-server';

/** The database name from src/db/database.ts (DB_NAME). */
export const DB_NAME = 'toolscope';

export type Row = Record<string, unknown>;
export type SessionRows = {
  session: Row | undefined;
  messages: Row[];
  toolCalls: Row[];
  runs: Row[];
  events: Row[];
};

/** Every row of the given stores, read in one read-only transaction. */
export async function readStores(page: Page, stores: string[]): Promise<Record<string, Row[]>> {
  return page.evaluate(
    async ({ name, stores }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('open failed'));
      });
      try {
        const tx = db.transaction(stores, 'readonly');
        const out: Record<string, unknown[]> = {};
        await Promise.all(
          stores.map(
            (s) =>
              new Promise<void>((resolve, reject) => {
                const req = tx.objectStore(s).getAll();
                req.onsuccess = () => {
                  out[s] = req.result as unknown[];
                  resolve();
                };
                req.onerror = () => reject(req.error ?? new Error(`read ${s} failed`));
              }),
          ),
        );
        return out as Record<string, Record<string, unknown>[]>;
      } finally {
        db.close();
      }
    },
    { name: DB_NAME, stores },
  );
}

/** One session's rows; messages sorted by `order`. */
export async function readSession(page: Page, sessionId: string): Promise<SessionRows> {
  const all = await readStores(page, ['sessions', 'messages', 'toolCalls', 'runs', 'events']);
  const mine = (rows: Row[] | undefined) => (rows ?? []).filter((r) => r.sessionId === sessionId);
  return {
    session: (all.sessions ?? []).find((s) => s.id === sessionId),
    messages: mine(all.messages).sort((a, b) => Number(a.order) - Number(b.order)),
    toolCalls: mine(all.toolCalls),
    runs: mine(all.runs),
    events: mine(all.events),
  };
}

/** Writes rows straight into a store (e.g. a tool definition), as an earlier page would have. */
export async function putRows(page: Page, store: string, rows: Row[]): Promise<void> {
  await page.evaluate(
    async ({ name, store, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('open failed'));
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(store, 'readwrite');
          for (const r of rows) tx.objectStore(store).put(r);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
      } finally {
        db.close();
      }
    },
    { name: DB_NAME, store, rows },
  );
}

/** The id of the session the sidebar marks as current. */
export async function currentSessionId(page: Page): Promise<string> {
  const item = page.locator('nav[aria-label="Sessions"] li[data-current="true"]');
  await expect(item).toHaveCount(1);
  const id = await item.getAttribute('data-session-id');
  if (!id) throw new Error('the current session item has no data-session-id');
  return id;
}

/** Opens a session from the sidebar by its id. */
export async function openSession(page: Page, sessionId: string): Promise<void> {
  await page.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"] button.session-open`).click();
  await expect(page.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"]`)).toHaveAttribute('data-current', 'true');
}

/** The stored (or sent) message list breaks invariant 1: returns the problems, empty when valid. */
export function historyProblems(messages: Array<{ role?: unknown; toolCalls?: unknown; toolCallId?: unknown }>): string[] {
  const problems: string[] = [];
  let open: string[] | null = null;
  const seen = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === 'tool') {
      const id = String(m.toolCallId);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      if (!open || !open.includes(id)) problems.push(`#${i}: tool result for ${id} with no open call`);
      else open = open.filter((x) => x !== id);
      return;
    }
    if (open && open.length) problems.push(`#${i}: ${String(m.role)} message before results for ${open.join(', ')}`);
    open = null;
    const calls = Array.isArray(m.toolCalls) ? (m.toolCalls as Array<{ id: string }>) : [];
    if (m.role === 'assistant' && calls.length) open = calls.map((c) => c.id);
  });
  if (open && (open as string[]).length) problems.push(`end: no results for ${(open as string[]).join(', ')}`);
  for (const [id, n] of seen) if (n !== 1) problems.push(`${n} results for call ${id}`);
  return problems;
}

type WireMessage = { role?: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string };

/** The chat request's messages in the stored shape historyProblems reads. */
export function wireHistory(req: ChatRequest): Array<{ role: string; content: string; toolCalls: Array<{ id: string }>; toolCallId?: string }> {
  const msgs = (req.body.messages ?? []) as WireMessage[];
  return msgs.map((m) => ({
    role: m.role ?? '',
    content: typeof m.content === 'string' ? m.content : m.content == null ? '' : JSON.stringify(m.content),
    toolCalls: Array.isArray(m.tool_calls) ? (m.tool_calls as Array<{ id: string }>) : [],
    ...(m.tool_call_id !== undefined ? { toolCallId: m.tool_call_id } : {}),
  }));
}
