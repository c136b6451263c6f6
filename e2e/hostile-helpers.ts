/**
 * Shared steps for the hostile-tool specs: real HTTP servers on 127.0.0.1, a code tool run through "Try it", and
 * the page's longest main-thread task while it happened (from the frame probe), printed for context.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { startFrameProbe, stopFrameProbe } from './frame-probe';
import { toolsPanel } from './tools-helpers';

/** Generous: far from the multi-second freezes these inputs caused, and from a busy machine's noise. */
export const LONGEST_TASK_LIMIT_MS = 1_000;

export type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders };
export type TestServer = { origin: string; seen: Seen[]; close(): Promise<void> };

/**
 * A server on 127.0.0.1 that lets this page read its answers (CORS for any origin, method and header) and records
 * every request it gets, preflights included.
 */
export async function startServer(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    res.setHeader('access-control-expose-headers', 'location');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts counting the page's long tasks (the Try it section need not exist yet). */
export function watchLongTasks(page: Page): Promise<void> {
  return startFrameProbe(page, 'section.tool-try', { attributes: false });
}

/** The longest main-thread task since watchLongTasks, printed with `label`. */
export async function longestTask(page: Page, label: string): Promise<number> {
  const probe = await stopFrameProbe(page);
  const longest = Math.max(0, ...probe.longTasks.map((t) => t.ms));
  console.log(`[${label}] longest main-thread task: ${longest} ms (${probe.longTasks.length} tasks over 50 ms)`);
  return longest;
}

/** Presses Run with `args` and waits for the result; returns the section, its headline and its text. */
export async function runTry(page: Page, args: unknown, timeout = 30_000) {
  const panel = toolsPanel(page);
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args));
  const run = panel.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  const result = panel.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout });
  const headline = (await result.locator('p strong').first().textContent()) ?? '';
  const text = (await result.getByTestId('tool-result-content').textContent()) ?? '';
  return { result, headline, text };
}

/** UTF-8 bytes of `text` before the truncation marker, if any. */
export function keptBytes(text: string): number {
  return Buffer.byteLength(text.replace(/\n…\[output truncated: (at least )?\d+ bytes omitted\]$/, ''), 'utf8');
}
