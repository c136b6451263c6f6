import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from '../../db/database';
import { freshDB } from '../../db/testing/fresh-db';
import { listMessageExchanges, listSessionExchanges, putWireExchange } from '../../db/wire-exchanges-repo';
import type { CapturedExchange, WireExchange } from '../../domain/wire-exchange';
import { wireCapture } from '../../llm/wire-capture';
import { importThroughJob } from '../testing/import-through-job';
import { fixtureFile } from '../testing/export-fixture';
import { checkExportText } from './check-file';
import { buildExport, serializeExport } from './export-sessions';
import type { ExportFileV1 } from './format-v1';

const KEY = 'sk-raw-traffic-export-0123456789';
const SESSION = 'ses_01JDW3K8Q2Z7PARISTOKYO';
const RUN = 'run_01JDW3KA0000000000000001';

let db: ToolscopeDB;
afterEach(() => db?.close());

/** A model request captured the way the app captures one: through the capturing fetch, with the key in its header. */
async function captured(): Promise<CapturedExchange> {
  const stream = 'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: [DONE]\n\n';
  const inner: typeof fetch = async () =>
    new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  const capture = wireCapture({ keyVariable: 'OPENAI_API_KEY', inner });
  let done!: (e: CapturedExchange) => void;
  const got = new Promise<CapturedExchange>((resolve) => (done = resolve));
  const response = await capture.routed(done, (headers) =>
    capture.fetch('http://127.0.0.1:9/v1/chat/completions', {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: '{"model":"m","messages":[{"role":"user","content":"Grüße"}]}',
    }),
  );
  await response.text();
  return got;
}

function exchange(id: string, messageId: string, startedAt: number, base: CapturedExchange): WireExchange {
  return { ...base, id, sessionId: SESSION, owner: { kind: 'model', runId: RUN, messageId, attempt: 1 }, startedAt };
}

/** The fixture session stored, with two captured requests of its replies. */
async function storedWithTraffic(name: string): Promise<WireExchange[]> {
  ({ db } = freshDB(name));
  expect(await importThroughJob(db, JSON.stringify(fixtureFile()))).toMatchObject({ ok: true });
  const base = await captured();
  const exchanges = [exchange('wx_1', 'msg_a1', 10, base), exchange('wx_2', 'msg_a2', 20, base)];
  for (const e of exchanges) await putWireExchange(db, e);
  return exchanges;
}

async function exportText(includeRawTraffic: boolean): Promise<string> {
  const { file, warnings } = await buildExport(db, { kind: 'all' }, { includeRawTraffic });
  expect(warnings).toEqual([]);
  return serializeExport(file);
}

describe('raw traffic in the session file', () => {
  it('stays out of an export unless asked for', async () => {
    await storedWithTraffic('wx-export-off');
    const text = await exportText(false);
    expect((JSON.parse(text) as ExportFileV1).sessions[0]).not.toHaveProperty('wireExchanges');
    expect(text).not.toContain('chat/completions');
  });

  it('goes in when asked for, valid against the schema, and never holds the key', async () => {
    const stored = await storedWithTraffic('wx-export-on');
    const text = await exportText(true);
    const file = JSON.parse(text) as ExportFileV1;
    expect(file.version).toBe(1);
    expect(file.sessions[0]!.wireExchanges).toEqual(stored);
    expect(checkExportText(text)).toMatchObject({ ok: true });
    // The key was hidden when captured: the file names its variable, never its value.
    expect(text).not.toContain(KEY);
    expect(text).toContain('OPENAI_API_KEY');
    expect(file.sessions[0]!.wireExchanges![0]!.request.headers.find((h) => h.name === 'authorization')).toEqual({
      name: 'authorization',
      value: '',
      secret: { variable: 'OPENAI_API_KEY', prefix: 'Bearer ' },
    });
  });

  it('imports with its session and exports back the same (round trip)', async () => {
    const stored = await storedWithTraffic('wx-round-a');
    const text = await exportText(true);
    db.close();
    ({ db } = freshDB('wx-round-b'));
    expect(await importThroughJob(db, text)).toMatchObject({ ok: true });
    expect(await listSessionExchanges(db, SESSION)).toEqual(stored);
    const again = JSON.parse(await exportText(true)) as ExportFileV1;
    const first = JSON.parse(text) as ExportFileV1;
    expect({ ...again, exportedAt: '' }).toEqual({ ...first, exportedAt: '' });
  });

  it('a copy gets new ids, its exchanges following the copied replies', async () => {
    await storedWithTraffic('wx-copy');
    const text = await exportText(true);
    const result = await importThroughJob(db, text, { sessions: { [SESSION]: 'copy' } });
    expect(result).toMatchObject({ ok: true });
    const copyId = (result as { summary: { sessionIdMap: Record<string, string> } }).summary.sessionIdMap[SESSION]!;
    expect(copyId).not.toBe(SESSION);
    const copied = await listSessionExchanges(db, copyId);
    expect(copied).toHaveLength(2);
    expect(copied.map((e) => e.id)).not.toContain('wx_1');
    const replies = await db.messages.where('sessionId').equals(copyId).toArray();
    const firstReply = replies.find((m) => m.role === 'assistant' && m.order === 1)!;
    expect((await listMessageExchanges(db, firstReply.id)).map((e) => e.sessionId)).toEqual([copyId]);
    // The original keeps its own.
    expect((await listSessionExchanges(db, SESSION)).map((e) => e.id)).toEqual(['wx_1', 'wx_2']);
  });

  it('a malformed exchange is refused by name, and nothing is stored', async () => {
    await storedWithTraffic('wx-bad-a');
    const file = JSON.parse(await exportText(true)) as ExportFileV1;
    const bad = structuredClone(file);
    (bad.sessions[0]!.wireExchanges![1]!.request as { body: unknown }).body = { encoding: 'gzip', data: 'x' };
    db.close();
    ({ db } = freshDB('wx-bad-b'));
    const result = await importThroughJob(db, JSON.stringify(bad));
    expect(result).toMatchObject({ ok: false });
    expect(JSON.stringify(result)).toContain('$.sessions[0].wireExchanges[1].request.body.encoding');
    expect(await db.sessions.count()).toBe(0);
    expect(await db.wireExchanges.count()).toBe(0);
  });

  it('a secret header with a value in the file is refused: secrets are never part of an export', async () => {
    await storedWithTraffic('wx-secret');
    const file = JSON.parse(await exportText(true)) as ExportFileV1;
    const headers = file.sessions[0]!.wireExchanges![0]!.request.headers as { name: string; value: string }[];
    headers.find((h) => h.name === 'authorization')!.value = `Bearer ${KEY}`;
    const checked = checkExportText(JSON.stringify(file));
    expect(checked).toMatchObject({ ok: false });
    expect(JSON.stringify(checked)).toContain('secret header values are never part of an export');
  });

  it('an exchange that names another session is refused', async () => {
    await storedWithTraffic('wx-own');
    const file = JSON.parse(await exportText(true)) as ExportFileV1;
    (file.sessions[0]!.wireExchanges![0]! as { sessionId: string }).sessionId = 'elsewhere';
    const checked = checkExportText(JSON.stringify(file));
    expect(JSON.stringify(checked)).toContain('$.sessions[0].wireExchanges[0].sessionId');
  });
});
