/**
 * Replay (architecture.md, "Replay"): a stored run played back through the live run's reducer. The chat shows the
 * conversation as it stood at each position (tool rows with their status then), the timeline a cursor; the "Replay"
 * region stays in both views. Nothing is sent: the mock server, which is both the model and the tools' server,
 * counts every request it gets, and the page's own requests are watched for any off its origin. A reload mid-replay shows the session as stored.
 */
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { openConfiguredApp } from './support/configured-app';
import { FIXTURE_TITLE, importFixture } from './support/import-export';

const call = (id: string, city: string) => ({ id, name: 'get_weather', arguments: { city } });

test('a multi-tool run replays step by step, by slider and at once, in the chat and the timeline, sending nothing', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([{ kind: 'text', content: 'Hello there.' }]);
  await sendMessage(page, 'hi');
  await waitForIdle(page);
  mock.script([
    { kind: 'tool_calls', calls: [call('w1', 'Paris'), call('w2', 'Oslo')] },
    { kind: 'tool_calls', calls: [call('w3', 'Rome')] },
    { kind: 'text', content: 'All sunny today.' },
  ]);
  await sendMessage(page, 'weather trip');
  await expect(assistantMessages(page).last()).toContainText('All sunny today.');
  await waitForIdle(page);
  const sent = mock.allRequests.length;
  expect(mock.requests).toHaveLength(4);
  // Every request the page makes from here on, not only those that reach the mock: anything off the page's own
  // origin (a model, a tool, an MCP server, anywhere else) or anything but a GET of its own files is "sending".
  const appOrigin = new URL(page.url()).origin;
  const sending: string[] = [];
  const watch = (r: Request) => {
    const url = new URL(r.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== appOrigin || r.method() !== 'GET') sending.push(`${r.method()} ${r.url()}`);
  };
  page.context().on('request', watch);

  // Open from the run in the chat: at position 0 the chat is the conversation before the run.
  // The last "Replay run" in the chat sits with the run's last answer.
  await page.getByRole('button', { name: 'Replay run' }).last().click();
  const replay = page.getByRole('region', { name: 'Replay' });
  const chat = page.locator('section.chat');
  const slider = replay.getByRole('slider', { name: 'Replay position' });
  await expect(chat).toHaveAttribute('data-replay', 'true');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  const total = Number(await slider.getAttribute('aria-valuemax'));
  expect(total).toBeGreaterThan(20);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(page.getByText('weather trip')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  // The box says why: a replay is on screen, not a run in another tab.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'A replay is shown: Exit replay to write',
  );

  // Step forward until the first call runs: its row shows "running" (stored, it is "ok").
  const status = (id: string) => toolCard(page, id).locator('.status');
  const stepForward = replay.getByRole('button', { name: 'Step forward' });
  for (let i = 0; i < total; i++) {
    if ((await status('w1').count()) > 0 && (await status('w1').textContent()) === 'running') break;
    await stepForward.click();
  }
  await expect(status('w1')).toHaveText('running');
  await expect(page.getByText('weather trip')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/debug-replay.png' });
  const at = Number(await slider.getAttribute('aria-valuenow'));
  await replay.getByRole('button', { name: 'Step back' }).click();
  await expect(slider).toHaveAttribute('aria-valuenow', String(at - 1));
  await expect(status('w1')).not.toHaveText('running');
  await expect(toolCard(page, 'w3')).toHaveCount(0);

  // The slider, then Instant: the whole run, as it ended.
  await slider.fill(String(total - 1));
  await expect(slider).toHaveAttribute('aria-valuenow', String(total - 1));
  await expect(toolCard(page, 'w3')).toHaveCount(1);
  await replay.getByRole('combobox', { name: 'Speed' }).selectOption('Instant');
  await replay.getByRole('button', { name: 'Restart' }).click();
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await replay.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(slider).toHaveAttribute('aria-valuenow', String(total));
  await expect(assistantMessages(page).last()).toContainText('All sunny today.');

  // Played at 4×, it reaches the end by itself; the region and a cursor stay on the timeline.
  await replay.getByRole('combobox', { name: 'Speed' }).selectOption('4×');
  await replay.getByRole('button', { name: 'Restart' }).click();
  await replay.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(replay.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', String(total));
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(replay).toBeVisible();
  await expect(page.locator('[data-replay-cursor]')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await replay.getByRole('button', { name: 'Exit replay' }).click();
  await expect(replay).toHaveCount(0);
  await expect(chat).not.toHaveAttribute('data-replay', /.*/);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', /^Message/);

  // From the timeline's run details, then a reload in the middle: the session as stored, no replay.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator('[data-kind="run"]').last().click();
  await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Replay run' }).click();
  await expect(replay).toBeVisible();
  await slider.fill(String(Math.floor(total / 2)));
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(chat).toHaveAttribute('data-replay', 'true');
  await page.reload();
  await expect(assistantMessages(page).last()).toContainText('All sunny today.');
  await expect(replay).toHaveCount(0);
  await expect(chat).not.toHaveAttribute('data-replay', /.*/);
  await expect(toolCard(page, 'w3')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();

  // An imported session replays the same way: its events came with the file.
  await importFixture(page);
  await page.getByRole('button', { name: FIXTURE_TITLE, exact: true }).click();
  await expect(assistantMessages(page).last()).toContainText('XSS probe');
  await page.getByRole('button', { name: 'Replay run' }).first().click();
  await expect(chat).toHaveAttribute('data-replay', 'true');
  await expect(assistantMessages(page)).toHaveCount(0);
  await replay.getByRole('combobox', { name: 'Speed' }).selectOption('Instant');
  await replay.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(slider).toHaveAttribute('aria-valuenow', (await slider.getAttribute('aria-valuemax')) ?? '');
  await expect(assistantMessages(page).last()).toContainText('Here is what I found');
  await replay.getByRole('button', { name: 'Exit replay' }).click();
  await expect(assistantMessages(page).last()).toContainText('XSS probe');
  expect(mock.allRequests.length).toBe(sent);
  page.context().off('request', watch);
  expect(sending).toEqual([]);
});
