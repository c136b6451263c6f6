import { expect, type Page } from '@playwright/test';
import type { ChatRequest, StaticStep } from './server/mock-server';

type Msg = { role?: string; content?: unknown };

/** The context manager's summary request (same endpoint and model as the run, its own instructions). */
export function isSummaryRequest(req: { body: { messages?: Msg[] } }): boolean {
  const first = req.body.messages?.[0];
  return first?.role === 'system' && typeof first.content === 'string' && first.content.startsWith('You compress conversations');
}

export const requestText = (req: { body: { messages?: Msg[] } }) => JSON.stringify(req.body.messages ?? []);

export function systemText(req: { body: { messages?: Msg[] } } | undefined): string {
  const first = req?.body.messages?.[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
}

/**
 * A responder for the whole test: summary requests get `summary`, every other request gets
 * `turn(n)` where n counts the non-summary requests from 1.
 */
export function responder(summary: string, turn: (n: number, req: ChatRequest) => StaticStep) {
  let n = 0;
  return (req: ChatRequest): StaticStep => (isSummaryRequest(req) ? { kind: 'text', content: summary } : turn(++n, req));
}

/** Starts an empty session and gives it a context window of `tokens` in its settings. */
export async function newSessionWithContextLimit(page: Page, tokens: number): Promise<void> {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('spinbutton', { name: 'Context limit (tokens)' }).fill(String(tokens));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}
