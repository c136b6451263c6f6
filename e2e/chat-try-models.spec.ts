import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { startMockServer } from './server/mock-server';

const chat = (page: Page) => page.locator('section.chat');

test('try a step on three models at once (one fails), keep the comparison across a reload, and continue with one as a branch', async ({
  page,
  mock,
}) => {
  // A second endpoint: "<model> @ <base URL>" (a local server needs no key).
  const other = await startMockServer({ port: 0 });
  try {
    await openConfiguredApp(page, mock, { remember: true });
    mock.configure({ models: ['mock-gpt', 'model-a', 'model-b'], strictModels: true });
    mock.script([{ kind: 'text', content: 'Original answer.' }]);
    await sendMessage(page, 'Name a colour');
    await waitForIdle(page);
    expect(mock.requests).toHaveLength(1);

    mock.script([
      { kind: 'text', content: 'Answer one.' },
      { kind: 'text', content: 'Answer two.' },
    ]);
    await page.getByRole('button', { name: 'Try on other models' }).click();
    const dialog = page.getByRole('dialog', { name: 'Try on other models' });
    // A bad line is refused before anything is sent.
    await dialog.getByRole('textbox', { name: 'Models' }).fill('model-a\nmodel-b @ not-a-url');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Line 2:');
    expect(mock.requests).toHaveLength(1);
    await dialog.getByRole('textbox', { name: 'Models' }).fill('model-a\nmodel-b\nmodel-missing');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await expect(dialog).toBeHidden();

    const region = page.getByRole('region', { name: 'Model comparison' });
    // Stored once all three are in: the streaming groups give way to the stored answers.
    await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(region.locator('[data-outcome]')).toHaveCount(3);
    await expect(region.getByRole('group', { name: 'model-missing', exact: true })).toHaveAttribute(
      'data-outcome',
      'failed',
    );
    await expect(region.getByRole('group', { name: 'model-missing', exact: true })).toContainText('does not exist');
    await expect(region.getByRole('group', { name: 'model-a', exact: true })).toContainText('Time to first token');
    // Answer text differences from the original reply are marked word by word.
    await expect(region.getByRole('group', { name: 'model-a', exact: true }).locator('ins').first()).toHaveText(
      'Answer',
    );

    // One request each, no retry on the 404, the original body with only `model` changed.
    expect(mock.requests).toHaveLength(4);
    const fanned = mock.requests.slice(1);
    expect(fanned.map((r) => r.body.model).sort()).toEqual(['model-a', 'model-b', 'model-missing']);
    const { model: _m, ...original } = mock.requests[0]!.body;
    for (const r of fanned) {
      const { model: _x, ...rest } = r.body;
      expect(rest).toEqual(original);
    }
    const texts = await region.getByRole('group', { name: /^model-(a|b)$/ }).allTextContents();
    expect(texts.join(' ')).toContain('Answer one.');
    expect(texts.join(' ')).toContain('Answer two.');
    // Nothing joined the conversation.
    await expect(assistantMessages(page)).toHaveCount(1);
    await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/artifacts/chat-try-models.png' });

    await page.reload();
    const after = page.getByRole('region', { name: 'Model comparison' });
    await expect(after.getByRole('group', { name: 'model-missing', exact: true })).toHaveAttribute(
      'data-outcome',
      'failed',
    );
    await expect(after.getByRole('group', { name: 'model-b', exact: true })).toBeVisible();

    // A second comparison, one model on another endpoint: it answers at once, the other is held mid-stream.
    const otherHost = new URL(other.url).host;
    const elsewhere = `model-c @ ${otherHost}`;
    mock.script([
      { kind: 'hold', gate: 'a', afterChunks: 2, step: { kind: 'text', content: 'Held answer that never ends.' } },
    ]);
    other.script([{ kind: 'text', content: 'Original answer, from elsewhere.' }]);
    await page.getByRole('button', { name: 'Try on other models' }).click();
    await dialog.getByRole('textbox', { name: 'Models' }).fill(`model-a\nmodel-c @ ${other.url}`);
    await dialog.getByRole('button', { name: 'Run' }).click();
    await mock.waitForHold('a');
    await expect(after.getByRole('group', { name: elsewhere, exact: true })).toHaveAttribute('data-outcome', 'done');
    await expect(after.getByRole('group', { name: 'model-a', exact: true }).first()).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(other.requests.map((r) => r.body.model)).toEqual(['model-c']);

    // A reload mid-comparison keeps the answer that was in; the one cut off says so and can run again.
    await page.reload();
    const kept = page.getByRole('region', { name: 'Model comparison' });
    await expect(kept.getByRole('group', { name: elsewhere, exact: true })).toContainText(
      'Original answer, from elsewhere.',
    );
    await expect(kept.getByRole('group', { name: elsewhere, exact: true }).locator('ins')).toHaveText(
      ', from elsewhere',
    );
    const cut = kept.getByRole('group', { name: 'model-a', exact: true }).first();
    await expect(cut).toHaveAttribute('data-outcome', 'interrupted');
    await expect(cut).toContainText('Interrupted: the page was reloaded');

    // Run again, held open, then Stop: the request is aborted and the slot says it was stopped.
    mock.script([{ kind: 'hold', gate: 'b', afterChunks: 2, step: { kind: 'text', content: 'Another held answer.' } }]);
    await cut.getByRole('button', { name: 'Run again' }).click();
    await mock.waitForHold('b');
    const again = mock.requests.length - 1;
    await expect(cut).toHaveAttribute('aria-busy', 'true');
    await kept.getByRole('button', { name: 'Stop', exact: true }).click();
    await mock.waitForDisconnect(again);
    await expect(cut).toHaveAttribute('data-outcome', 'cancelled');
    await expect(cut.getByRole('button', { name: 'Run again' })).toBeVisible();

    // Continue with the other endpoint's answer: it becomes the step's reply on a new branch with no new request,
    // and the session says it now uses that model and endpoint.
    const before = await chat(page).getAttribute('data-run-id');
    const sent = [mock.requests.length, other.requests.length];
    await kept.getByRole('button', { name: `Continue with ${elsewhere}` }).click();
    await expect
      .poll(async () => {
        const id = await chat(page).getAttribute('data-run-id');
        return id !== null && id !== before ? await chat(page).getAttribute('data-run-state') : 'not started';
      })
      .toBe('ended');
    await expect(assistantMessages(page).last()).toContainText('Original answer, from elsewhere.');
    await expect(page.getByRole('status').filter({ hasText: 'This session now uses model-c' })).toContainText(
      other.url,
    );
    expect([mock.requests.length, other.requests.length]).toEqual(sent);
    await expect(page.getByText('2 / 2', { exact: true })).toBeVisible();

    // The next message goes on live with that model at that endpoint.
    other.script([{ kind: 'text', content: 'Next reply from elsewhere.' }]);
    await sendMessage(page, 'And one more?');
    await waitForIdle(page);
    await expect(assistantMessages(page).last()).toContainText('Next reply from elsewhere.');
    expect(other.requests.at(-1)?.body.model).toBe('model-c');
    expect(mock.requests.length).toBe(sent[0]);
  } finally {
    await other.close();
  }
});
