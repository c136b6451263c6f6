/**
 * Addresses: every session and view has a hash address. A reload at a deep link (session, timeline, one tool call)
 * shows the same place; Back and Forward move between what was opened; a link to a session that is not here says
 * so and offers the list; a link opened in a second tab keeps the one-run-per-session rule.
 */
import { expect, test } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openConfiguredApp } from './support/configured-app';
import { currentSessionId, newSession, openSession } from './support/session-list';
import { serveUnderSubPath } from './support/sub-path-host';
import type { Page } from '@playwright/test';

const hashOf = (page: Page) => new URL(page.url()).hash;
const currentItem = (page: Page) => page.locator('nav[aria-label="Sessions"] li[data-current="true"]');

test('a reload at a deep link shows the same session, its timeline and the selected tool call', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConfiguredApp(page, mock);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_a', name: 'current_time', arguments: {} },
        { id: 'call_b', name: 'current_time', arguments: { timeZone: 'UTC' } },
      ],
    },
    { kind: 'text', content: 'It is now.' },
  ]);
  await sendMessage(page, 'What time is it?');
  await waitForIdle(page);
  const id = await currentSessionId(page);
  expect(hashOf(page)).toBe(`#/s/${id}`);

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(new RegExp(`#/s/${id}/timeline$`));
  // When call_a ends before call_b starts, the two share a lane and, fitted to the run, one pixel: only the first is
  // drawn there. A search for its id keeps call_b alone, so its bar is there to click whichever way the calls ran.
  await page.getByRole('searchbox', { name: 'Search timeline' }).fill('call_b');
  await page.locator('[data-kind="call"][data-call-id="call_b"]').click();
  await expect(page).toHaveURL(new RegExp(`#/s/${id}/timeline/call_b$`));

  await page.reload();
  await expect(currentItem(page)).toHaveAttribute('data-session-id', id);
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  // The selected call's details are open, and its bar is drawn selected even where it shares a pixel with call_a.
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('call_b');
  await expect(page.locator('[data-kind="call"][data-call-id="call_b"]')).toHaveAttribute('data-selected', 'true');
  await expect(page.getByRole('complementary', { name: 'Details' }).getByLabel('Arguments')).toContainText('UTC');
  await expect(page).toHaveURL(new RegExp(`#/s/${id}/timeline/call_b$`));

  // The same link typed into a fresh page (no history) opens the same place.
  const other = await page.context().newPage();
  await other.goto(`/#/s/${id}/timeline/call_a`);
  await expect(other.getByRole('complementary', { name: 'Details' })).toContainText('call_a');
  await expect(currentItem(other)).toHaveAttribute('data-session-id', id);

  // Reload on the chat view returns to the chat of that session, not to the empty start page.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page).toHaveURL(new RegExp(`#/s/${id}$`));
  await page.reload();
  await expect(assistantMessages(page).last()).toContainText('It is now.');
  await expect(page.getByText('Type a message to start a new session.')).toHaveCount(0);
});

test('Back and Forward move between the sessions and views that were opened', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'First answer.' }]);
  await sendMessage(page, 'one');
  await waitForIdle(page);
  const first = await currentSessionId(page);
  await newSession(page);
  mock.script([{ kind: 'text', content: 'Second answer.' }]);
  await sendMessage(page, 'two');
  await waitForIdle(page);
  const second = await currentSessionId(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(new RegExp(`#/s/${second}/timeline$`));
  await openSession(page, first);
  await expect(page).toHaveURL(new RegExp(`#/s/${first}/timeline$`));

  await page.goBack();
  await expect(currentItem(page)).toHaveAttribute('data-session-id', second);
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(assistantMessages(page).last()).toContainText('Second answer.');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(currentItem(page)).toHaveAttribute('data-session-id', first);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(assistantMessages(page).last()).toContainText('First answer.');
});

test('a link to a session that is not here says so and offers the sessions that are', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'Kept.' }]);
  await sendMessage(page, 'keep me');
  await waitForIdle(page);
  const kept = await currentSessionId(page);

  await page.goto('/#/s/no-such-session/timeline');
  await expect(page.getByRole('heading', { name: 'Session not found' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'no-such-session' })).toContainText('deleted');
  await expect(currentItem(page)).toHaveCount(0);
  // The address stays what was asked for, so it can be copied or corrected.
  expect(hashOf(page)).toBe('#/s/no-such-session/timeline');
  const list = page.getByRole('list', { name: 'Stored sessions' });
  await list.getByRole('link', { name: 'keep me' }).click();
  await expect(currentItem(page)).toHaveAttribute('data-session-id', kept);
  await expect(assistantMessages(page).last()).toContainText('Kept.');

  // A deleted session's address (reached with Back) says the same.
  await newSession(page);
  await openSession(page, kept);
  await page
    .locator(`nav[aria-label="Sessions"] li[data-session-id="${kept}"]`)
    .getByRole('button', { name: /^Delete / })
    .click();
  await expect(page.locator(`nav[aria-label="Sessions"] li[data-session-id="${kept}"]`)).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Session not found' })).toBeVisible();
  expect(hashOf(page)).toBe(`#/s/${kept}`);

  // An address that is no place at all says so too.
  await page.goto('/#/nowhere/at/all');
  await expect(page.getByRole('heading', { name: 'Nothing at this address' })).toBeVisible();
});

test('a link opened in a second tab while the first runs the session is read-only there', async ({ context, mock }) => {
  const tabA = await context.newPage();
  // The answer stops half way and the stream stays open (keep-alive comments, so no idle timeout) until Stop: a
  // stream with an end (200 words at 100 ms) ended on a loaded machine before tab B looked, and the run was over.
  const words = {
    kind: 'text' as const,
    content: Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '),
    chunkDelayMs: 100,
  };
  mock.script([{ kind: 'keep_alive', afterChunks: 12, forMs: 600_000, everyMs: 1000, step: words }]);
  await openConfiguredApp(tabA, mock);
  await sendMessage(tabA, 'Stream a long answer');
  await expect(assistantMessages(tabA).first()).toContainText('w3');
  const id = await currentSessionId(tabA);

  const tabB = await context.newPage();
  await tabB.goto(`/#/s/${id}`);
  await expect(currentItem(tabB)).toHaveAttribute('data-session-id', id);
  await configureSettings(tabB, mock);
  await expect(tabB.getByRole('status').filter({ hasText: 'running in another tab' })).toBeVisible();
  await expect(messageBox(tabB)).toBeDisabled();
  await expect(tabB.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(assistantMessages(tabB).first()).toContainText('w5');

  await tabA.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(0);
  await expect(messageBox(tabB)).toBeEnabled();
  expect(mock.requests).toHaveLength(1);
});

test('under a sub-path of a static host, a session link survives a reload', async ({ page, mock }) => {
  const host = await serveUnderSubPath('tools/toolscope');
  try {
    await page.goto(host.url);
    await expect(page).toHaveURL(`${host.url}#/`);
    await configureSettings(page, mock);
    mock.script([{ kind: 'text', content: 'Served from a folder.' }]);
    await sendMessage(page, 'hello');
    await waitForIdle(page);
    const id = await currentSessionId(page);
    await expect(page).toHaveURL(`${host.url}#/s/${id}`);
    await page.reload();
    await expect(assistantMessages(page).last()).toContainText('Served from a folder.');
  } finally {
    await host.close();
  }
});
