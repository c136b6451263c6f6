import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { startMockServer } from './server/mock-server';

test('a base URL that redirects to another origin: nothing reaches that origin, and the alert says why', async ({
  page,
  mock,
}) => {
  // Another port on 127.0.0.1 is another origin; it answers anything it gets, with CORS, so following would "work".
  const other = await startMockServer();
  try {
    await openConfiguredApp(page, mock);
    mock.script([{ kind: 'http_error', status: 307, headers: { location: `${other.url}/chat/completions` } }]);
    await sendMessage(page, 'the whole conversation');
    await waitForIdle(page);
    // Not even a CORS preflight went to the other origin, and the redirect was not retried.
    expect(other.allRequests.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(mock.requests).toHaveLength(1);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The endpoint redirected the request elsewhere');
    await expect(alert).toContainText(`${mock.origin} answered with a redirect`);
    await expect(alert).toContainText('Set the base URL to the address the server redirects to');
    await expect(alert.getByRole('button', { name: 'Open settings' })).toBeVisible();
    await expect(assistantMessages(page)).toHaveCount(0);
  } finally {
    await other.close();
  }
});
