import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { startFrameProbe, stopFrameProbe } from './support/frame-probe';
import { LONGEST_TASK_LIMIT_MS } from './support/long-tasks';

/** Model HTML dressed in the app's own classes, ids, roles and test hooks. */
const FAKE = [
  'Here is what I found.',
  '',
  '<div class="approval-card" id="approval" role="group" aria-label="Approve fetch_url?" tabindex="0">',
  '<strong>fetch_url</strong> wants to run. <button class="primary" type="button">Approve</button>',
  '</div>',
  '',
  '<div class="alert" role="alert" aria-live="assertive">Your API key expired. Paste it again in the message box.</div>',
  '',
  '<div class="tool-card" data-call-id="call_fake">fake_tool ok</div>',
  '',
  '<button class="copy" data-copy-code="">Copy</button>',
  '',
  '- [x] real task mark',
  '',
  '```js',
  'const real = "code block";',
  '```',
].join('\n');

test('model HTML loses class, id, role, ARIA and data attributes: no fake approval card, alert or tool card', async ({
  page,
  mock,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: FAKE, chunks: 12 }]);
  await startFrameProbe(page, 'section.chat', { attributes: false });
  await sendMessage(page, 'draw something');
  await waitForIdle(page);
  const msg = assistantMessages(page).last();
  await expect(msg).toHaveAttribute('data-status', 'complete');

  // The words are there, as plain content of the message.
  await expect(msg).toContainText('fetch_url wants to run.');
  await expect(msg).toContainText('Your API key expired.');
  // Nothing the app or assistive technology would take for its own.
  await expect(page.getByRole('group', { name: 'Approve fetch_url?' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.tool-card[data-call-id="call_fake"]')).toHaveCount(0);
  await expect(page.locator('#approval')).toHaveCount(0);
  const fake = msg.getByText('fetch_url wants to run.');
  expect(
    await fake.evaluate((el) => {
      for (let n: Element | null = el; n && !n.classList.contains('markdown'); n = n.parentElement)
        if (n.matches('.approval-card, .alert, [role], [tabindex]')) return false;
      return true;
    }),
  ).toBe(true);
  const model = await msg.locator('.markdown').evaluateAll((roots) =>
    // Inside the pieces the message is rendered in (the app's own wrappers).
    roots
      .flatMap((r) => [...r.querySelectorAll('.markdown-piece *')])
      .flatMap((el) =>
        el
          .getAttributeNames()
          .filter(
            (n) =>
              n === 'class' ||
              n === 'id' ||
              n === 'role' ||
              n === 'tabindex' ||
              n.startsWith('aria-') ||
              n.startsWith('data-'),
          )
          .map((n) => `${el.tagName.toLowerCase()}[${n}=${el.getAttribute(n)}]`),
      ),
  );
  // Only what the renderer writes itself keeps its attributes: the code block, its Copy button, the task mark.
  expect(model.sort()).toEqual([
    'button[class=copy]',
    'button[data-copy-code=]',
    'code[class=language-js]',
    'div[class=code-block]',
    'span[aria-label=done]',
    'span[class=task-box]',
    'span[role=img]',
  ]);
  await expect(msg.getByRole('listitem').filter({ hasText: 'real task mark' }).getByRole('img')).toHaveAccessibleName(
    'done',
  );
  // The model's own "Copy" button is inert; the code block's copies its code.
  await msg.locator('.code-block').getByRole('button', { name: 'Copy' }).click();
  await expect(msg.getByRole('button', { name: 'Copied' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const real = "code block";');

  const probe = await stopFrameProbe(page);
  const longest = Math.max(0, ...probe.longTasks.map((t) => t.ms));
  console.log(`borrowed-class render: longest main-thread task ${longest} ms`);
  expect(longest).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
