/** Runs started from the chat: type and Send, wait for the run to end, find its messages and tool cards. */
import { expect, type Locator, type Page } from '@playwright/test';

export function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

/** The chat's latest run in this tab (`data-run-id`) and whether it is `running` or `ended`. */
async function chatRun(page: Page): Promise<{ id: string | null; state: string | null }> {
  const chat = page.locator('section.chat');
  if ((await chat.count()) !== 1) return { id: null, state: null };
  return { id: await chat.getAttribute('data-run-id'), state: await chat.getAttribute('data-run-state') };
}

/** The run id shown before the last sendMessage, per page: waitForIdle waits for a newer run to end. */
const runBeforeSend = new WeakMap<Page, string | null>();

/** Types a message and presses Send; creates a session when none is selected. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  runBeforeSend.set(page, (await chatRun(page)).id);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

export function assistantMessages(page: Page) {
  return page.getByRole('article', { name: 'Assistant message' });
}

/**
 * The run is over. After sendMessage: a run newer than the one shown before Send has started and ended in
 * this tab (Stop is disabled before a run starts too, so that alone would return early). Otherwise: no run
 * is going on in the shown session. Then Stop is disabled.
 */
export async function waitForIdle(page: Page): Promise<void> {
  const timeout = 20_000;
  if (runBeforeSend.has(page)) {
    const before = runBeforeSend.get(page) ?? null;
    await expect
      .poll(
        async () => {
          const run = await chatRun(page);
          return run.id !== null && run.id !== before ? run.state : 'not started';
        },
        { timeout, message: 'a run started by the last Send ended' },
      )
      .toBe('ended');
    runBeforeSend.delete(page);
  } else {
    await expect
      .poll(async () => (await chatRun(page)).state, { timeout, message: 'no run in progress' })
      .not.toBe('running');
  }
  await expect(page.getByRole('button', { name: 'Stop' })).toBeDisabled({ timeout });
}

/** Waits until a run started by a click (not by Send: Re-run, Continue, Regenerate) has ended in this tab. */
export async function waitForNewRun(page: Page, before: string | null): Promise<void> {
  await expect
    .poll(
      async () => {
        const run = await chatRun(page);
        return run.id !== null && run.id !== before ? run.state : 'not started';
      },
      { message: 'a run started by the last click ended' },
    )
    .toBe('ended');
}

export function toolCard(page: Page, callId: string) {
  return page.locator(`.tool-card[data-call-id="${callId}"]`);
}

/**
 * Opens a finished call's calm row (a no-op for calls that stay open: failed ones), after waiting for the call to
 * finish: a finished call shows its arguments, result, logs and actions only once opened. A call folded into its
 * turn's summary row ("3 tools, all ok, …") is shown by opening that row first.
 */
export async function expandToolCard(card: Locator): Promise<void> {
  await expect(card).toHaveAttribute('data-row', /^(open|folded)$/, { timeout: 20_000 });
  if (await card.isHidden()) {
    await card
      .locator('xpath=preceding-sibling::button[contains(@class, "tool-turn-toggle")][@aria-expanded="false"]')
      .click();
    await expect(card).toBeVisible();
  }
  if ((await card.getAttribute('data-row')) === 'folded') await card.locator('.tool-card-toggle').click();
  await expect(card).toHaveAttribute('data-row', 'open');
}
