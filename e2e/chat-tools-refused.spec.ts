import { test, expect } from './fixtures';
import { assistantMessages, waitForIdle, sendMessage } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

test('a 400 "does not support tools" offers once to continue without tools; accepting resends the kept message with no tools field', async ({
  page,
  mock,
}) => {
  // Like Ollama for a model without tool support: any request that offers tools is refused.
  mock.configure({
    defaultStep: (req) =>
      req.body.tools
        ? {
            kind: 'http_error',
            status: 400,
            message: 'registry.ollama.ai/library/gemma:2b does not support tools',
            type: 'api_error',
          }
        : { kind: 'text', content: 'Answered without tools.' },
  });
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'what is the capital of Peru?');
  await waitForIdle(page);
  const offer = page.getByRole('alert').filter({ hasText: 'This model does not accept tools' });
  await expect(offer).toBeVisible();
  expect(mock.requests).toHaveLength(1);
  expect(mock.requests[0]?.body.tools?.length).toBeGreaterThan(0);

  await offer.getByRole('button', { name: 'Continue without tools' }).click();
  await expect(assistantMessages(page).last()).toContainText('Answered without tools.');
  await waitForIdle(page);
  const resent = mock.requests[1]?.body;
  expect(resent && 'tools' in resent).toBe(false);
  // The message typed once is what was sent again: stored before the first request, not typed twice.
  expect(resent?.messages?.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
    'what is the capital of Peru?',
  ]);
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(1);
  await expect(offer).toHaveCount(0);

  // The session's tools are off now, as Settings shows; the offer does not come back after a reload.
  await page.reload();
  await expect(assistantMessages(page).last()).toContainText('Answered without tools.');
  await expect(page.getByRole('alert').filter({ hasText: 'This model does not accept tools' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: 'Use tools' }),
  ).not.toBeChecked();
});

test('declining keeps tools on and the offer is not repeated in that session', async ({ page, mock }) => {
  mock.configure({
    defaultStep: { kind: 'http_error', status: 400, message: 'Tool calling is not supported for this model' },
  });
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'hello');
  await waitForIdle(page);
  const offer = page.getByRole('alert').filter({ hasText: 'This model does not accept tools' });
  await offer.getByRole('button', { name: 'Keep tools' }).click();
  await expect(offer).toHaveCount(0);
  await page.getByRole('alert').filter({ hasText: 'HTTP 400' }).getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => mock.requests.length).toBe(2);
  await waitForIdle(page);
  await expect(page.getByRole('alert').filter({ hasText: 'HTTP 400' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  expect(mock.requests[1]?.body.tools?.length).toBeGreaterThan(0);
});
