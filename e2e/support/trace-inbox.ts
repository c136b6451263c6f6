/**
 * The trace inbox as a person drives it: the Traces view, "Add trace source", the table. Fixtures are the real
 * SDKs' traces in src/traces/__fixtures__ (made by fixtures-gen/otel-traces; versions in its README).
 */
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

const FIXTURES = new URL('../../src/traces/__fixtures__/', import.meta.url);

/** A fixture's JSON Lines (one OTLP export request a line), and the requests its SDK sent to the mock server. */
export const traceLines = (name: string): string[] =>
  readFileSync(new URL(`${name}.otlp.jsonl`, FIXTURES), 'utf8')
    .trim()
    .split('\n');
export const sdkRequests = (
  name: string,
): { messages: unknown[]; model: string; temperature?: number; tools?: unknown[] }[] =>
  JSON.parse(readFileSync(new URL(`${name}.requests.json`, FIXTURES), 'utf8')) as {
    messages: unknown[];
    model: string;
  }[];

/** The trace id of a fixture's (one) trace. */
export function traceIdOf(name: string): string {
  const first = JSON.parse(traceLines(name)[0]!) as {
    resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[];
  };
  return first.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.traceId;
}

/**
 * A folder of files (path → text, or gzip bytes for a `.gz` path) on disk, as a Collector's file exporter leaves it;
 * `name` is the folder's own name (the source is labelled by it).
 */
export function traceFolder(files: Record<string, string>, name = 'otel-out'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'toolscope-traces-')), name);
  for (const [path, text] of Object.entries(files)) {
    const at = join(dir, path);
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, path.endsWith('.gz') ? gzipSync(text) : text);
  }
  return dir;
}

export const tracesView = (page: Page) => page.getByRole('region', { name: 'Traces' });
const tracesTable = (page: Page) => tracesView(page).getByRole('table', { name: 'Traces' });
export const traceRows = (page: Page) => tracesTable(page).locator('tbody tr[data-trace-id]');
export const tracesStatus = (page: Page) => tracesView(page).locator('.traces-status');

export async function openTraces(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Traces' }).click();
  await expect(tracesView(page)).toBeVisible();
}

/** "Add trace source" → a folder on this computer, chosen with the folder input. */
export async function addFolderSource(page: Page, dir: string): Promise<void> {
  await tracesView(page).getByRole('button', { name: 'Add trace source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trace source' });
  await expect(dialog.getByRole('combobox', { name: 'Kind' })).toHaveValue('folder');
  await dialog.getByLabel('Trace folder').setInputFiles(dir);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a trace by its row's name button. */
export async function openTraceNamed(page: Page, traceId: string): Promise<void> {
  await traceRows(page)
    .and(page.locator(`[data-trace-id="${traceId}"]`))
    .getByRole('button')
    .click();
  await expect(page.getByRole('note').filter({ hasText: 'A trace from the Traces view' })).toBeVisible();
}

type Wire = {
  role?: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

/** Messages as a model reads them: role, text, calls (ids, names, parsed arguments), the result's call id. */
export function sameMessages(messages: readonly unknown[]) {
  return (messages as Wire[]).map((m) => ({
    role: m.role,
    text:
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? (m.content as { text?: string }[]).map((p) => p.text ?? '').join('')
          : '',
    calls: (m.tool_calls ?? []).map((c) => ({
      id: c.id,
      name: c.function.name,
      args: JSON.parse(c.function.arguments) as unknown,
    })),
    callId: m.tool_call_id ?? null,
  }));
}

/** Tools as a model reads them: names and parameter schemas. */
export const sameTools = (tools: readonly unknown[] | undefined) =>
  (tools as { function: { name: string; parameters: unknown } }[] | undefined)?.map((t) => ({
    name: t.function.name,
    parameters: t.function.parameters,
  }));
