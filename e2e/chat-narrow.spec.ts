import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

test.use({ viewport: { width: 800, height: 700 } });

const URL_RUN = `https://example.com/${'averyveryverylongpathsegment'.repeat(8)}`;
const WIDE_TABLE = [
  `| ${Array.from({ length: 12 }, (_, i) => `column number ${i}`).join(' | ')} |`,
  `|${'---|'.repeat(12)}`,
  `| ${Array.from({ length: 12 }, (_, i) => `value ${i}`).join(' | ')} |`,
].join('\n');

// Unbroken runs (URLs, hashes, pasted tokens) and wide tables are everyday model output; in a narrow
// window they must wrap or scroll in their own box, never widen the whole conversation off screen.
test('in an 800 px window long unbroken text wraps and a wide table scrolls in its own box', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'text', content: `See ${URL_RUN} here.\n\n${WIDE_TABLE}\n\nInline: \`${'y'.repeat(200)}\``, chunks: 4 },
  ]);
  await sendMessage(page, `paste ${'z'.repeat(200)}`);
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('value 11');

  const overflow = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(await overflow('.message-list')).toBeLessThanOrEqual(1);
  expect(await overflow('nav[aria-label="Sessions"]')).toBeLessThanOrEqual(1);
  // The table keeps readable columns and scrolls sideways by itself.
  expect(await overflow('.markdown table')).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: /example\.com/ })).toBeInViewport();
  await page.screenshot({ path: 'e2e/artifacts/chat-narrow.png' });
});

test('an alert appearing under the conversation keeps its last line in view', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} of a long answer.`).join('\n\n');
  mock.script([
    { kind: 'text', content: `${long}\n\nTHE LAST LINE` },
    { kind: 'http_error', status: 401 },
  ]);
  await sendMessage(page, 'long please');
  await waitForIdle(page);
  await sendMessage(page, 'again');
  await expect(page.getByRole('alert')).toContainText('HTTP 401');
  await waitForIdle(page);

  // The list shrank to make room for the alert; it is still scrolled to its end.
  const list = page.getByRole('log', { name: 'Messages' });
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThanOrEqual(2);
  await expect(page.getByText('again', { exact: true })).toBeInViewport();
});
