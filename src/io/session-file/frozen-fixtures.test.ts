import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../../domain/history-check';
import { loadHistory } from '../../db/messages-repo';
import { freshDB } from '../../db/testing/fresh-db';
import { checkExportText } from './check-file';
import { buildExport } from './export-sessions';
import type { ExportFileV1 } from './format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { asImported } from '../testing/export-fixture';

/*
 * Version-1 files people already hold. They are frozen: the hashes fail the moment one is edited, so a change to
 * the format has to keep reading the old bytes instead of quietly rewriting the fixture. export-v1-full.json was
 * recorded with the app itself (a retried 503, parallel calls with a schema failure, a denied approval, a stopped
 * reply, a memory, a manual compaction) so that more of the format than the hand-written file is pinned.
 */
const FROZEN = {
  'export-v1.json': '5a11c1ea560653cfb1b7896e9110e750a715de2368f3ba2377b06a2d1f031e6e',
  'export-v1-full.json': 'cf1569bd8d5713d010656f818a3f2bbfc7435af9e0e27bc3529d4ee56d783d7e',
} as const;

const read = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

describe.each(Object.entries(FROZEN))('frozen version-1 export %s', (name, sha256) => {
  it('is byte for byte the file that was frozen', () => {
    expect(createHash('sha256').update(read(name)).digest('hex')).toBe(sha256);
  });

  it('still validates, imports with a valid history, and exports back to the same content', async () => {
    const text = read(name);
    expect(checkExportText(text)).toMatchObject({ ok: true });
    const { db } = freshDB(`frozen-${name}`);
    expect(await importThroughJob(db, text)).toMatchObject({ ok: true });
    const original = JSON.parse(text) as ExportFileV1;
    for (const entry of original.sessions) {
      const history = await loadHistory(db, entry.session.id);
      expect(history.length).toBeGreaterThan(0);
      expect(findHistoryProblems(history)).toEqual([]);
    }
    const again = (await buildExport(db, { kind: 'all' }, { includeMemories: original.memories !== undefined })).file;
    expect({ ...again, exportedAt: '', app: null }).toEqual({ ...asImported(original), exportedAt: '', app: null });
    db.close();
  });
});

describe('export-v1-full.json', () => {
  it('covers what the hand-written fixture does not', () => {
    const file = JSON.parse(read('export-v1-full.json')) as ExportFileV1;
    const entry = file.sessions[0]!;
    expect(file.memories?.length).toBeGreaterThan(0);
    expect(entry.messages.some((m) => m.role === 'system' && (m.summaryOf?.length ?? 0) > 0)).toBe(true);
    expect(entry.messages.some((m) => m.role === 'assistant' && m.status === 'cancelled')).toBe(true);
    expect(entry.toolCalls.map((c) => c.status).sort()).toEqual(['denied', 'error', 'ok']);
    const kinds = new Set(entry.events.map((e) => e.type));
    for (const k of [
      'request_failed',
      'approval_requested',
      'approval_resolved',
      'context_compacted',
      'reasoning_delta',
    ] as const) {
      expect(kinds.has(k)).toBe(true);
    }
    expect(entry.runs.map((r) => r.stopReason)).toContain('cancelled');
  });
});
