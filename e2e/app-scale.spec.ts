import { test, expect, type Page } from '@playwright/test';
import { assistantMessages } from './support/chat-run';
import { openApp } from './support/configured-app';

type Seeded = { id: string; title: string; count: number };

/** Writes a finished session of `count` messages with the page's IndexedDB, as earlier runs would have. */
async function seedSession(page: Page, s: Seeded): Promise<void> {
  await page.evaluate(async ({ id, title, count }) => {
    const now = Date.now();
    const messages: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const base = { id: `${id}-m${i}`, sessionId: id, order: i, createdAt: now - (count - i) * 1000 };
      if (i % 2 === 0) messages.push({ ...base, role: 'user', content: `Question number ${i}` });
      else {
        const body =
          i % 10 === 1
            ? `Answer **${i}** with code:\n\n\`\`\`ts\nconst n = ${i};\n\`\`\`\n\n- a list\n- of items`
            : `Answer ${i}: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 7))}`;
        messages.push({
          ...base,
          role: 'assistant',
          content: body,
          reasoning: '',
          refusal: null,
          toolCalls: [],
          status: 'complete',
          runId: `${id}-run`,
          turn: i,
        });
      }
    }
    const session = {
      id,
      title,
      model: 'mock-gpt',
      status: 'finished',
      createdAt: now - count * 1000,
      updatedAt: now,
      messageCount: count,
      toolCallCount: 0,
      usage: { promptTokens: 1000, completionTokens: 1000, totalTokens: 2000, estimated: true },
      settings: {},
    };
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('toolscope');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = idb.transaction(['sessions', 'messages'], 'readwrite');
    tx.objectStore('sessions').put(session);
    for (const m of messages) tx.objectStore('messages').put(m);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  }, s);
}

/** ms from the click on a session to its last message on screen (measured in the page). */
async function openSession(page: Page, title: string, lastText: string): Promise<number> {
  const start = await page.evaluate(() => performance.now());
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByText(lastText, { exact: false })).toBeVisible();
  return (await page.evaluate(() => performance.now())) - start;
}

test('a 5,000-message session opens, renders only what is on screen, and scrolls end to end', {
  tag: '@bench',
}, async ({ page }) => {
  await openApp(page);
  await page.getByRole('tab', { name: 'Timeline' }).waitFor();
  // The app creates its schema on start; wait until the tables exist.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const req = indexedDB.open('toolscope');
            req.onsuccess = () => {
              const ok = req.result.objectStoreNames.contains('messages');
              req.result.close();
              resolve(ok);
            };
            req.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
  await seedSession(page, { id: 'big', title: 'Five thousand', count: 5000 });
  await seedSession(page, { id: 'small', title: 'Fifty', count: 50 });
  await page.reload();

  // Alternating opens, medians compared: one open of each is mostly noise (the first pays for warm-up).
  const small: number[] = [];
  const big: number[] = [];
  for (let i = 0; i < 5; i++) {
    small.push(await openSession(page, 'Fifty', 'Answer 49:'));
    big.push(await openSession(page, 'Five thousand', 'Answer 4999:'));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const line = `open 50 messages: ${small.map((v) => v.toFixed(0)).join('/')} ms; 5,000 messages: ${big.map((v) => v.toFixed(0)).join('/')} ms; median ratio ${(median(big) / median(small)).toFixed(2)} (target <= 2)`;
  test.info().annotations.push({ type: 'open-ms', description: line });
  console.log(`[app-scale] ${line}`);

  // Virtualized: a handful of rows in the DOM, not 5,000.
  const rendered = await page.getByRole('article').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(80);
  await page.screenshot({ path: 'e2e/artifacts/app-5000-messages.png' });

  const list = page.getByRole('log', { name: 'Messages' });
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(page.getByText('Question number 0', { exact: true })).toBeVisible();
  await list.evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2;
  });
  // Polled: right after the scroll the rows from the top may still be on screen until the list re-renders.
  const firstShown = async () =>
    Number((await assistantMessages(page).first().textContent())?.match(/Answer \**(\d+)/)?.[1]);
  await expect.poll(firstShown).toBeGreaterThan(1000);
  expect(await firstShown()).toBeLessThan(4000);
  // Keyboard: the list takes focus and End goes back to the newest message.
  await list.focus();
  await page.keyboard.press('End');
  await expect(page.getByText('Answer 4999:', { exact: false })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByText('Question number 0', { exact: true })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByText('Answer 4999:', { exact: false })).toBeVisible();
});

/** A session of 5,000 messages: 4,000 on the root and 50 branches of 20, the last one active (a 4,000-message path). */
async function seedBranched(page: Page, id: string, title: string): Promise<void> {
  await page.evaluate(
    async ({ id, title }) => {
      const now = Date.now();
      const messages: Record<string, unknown>[] = [];
      const msg = (mid: string, order: number, i: number, text: string, branchId?: string) => {
        const base = {
          id: mid,
          sessionId: id,
          order,
          createdAt: now - 10_000 + order,
          ...(branchId ? { branchId } : {}),
        };
        return i % 2 === 0
          ? { ...base, role: 'user', content: `Question ${text}` }
          : {
              ...base,
              role: 'assistant',
              content: `Answer ${text}: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 7))}`,
              reasoning: '',
              refusal: null,
              toolCalls: [],
              status: 'complete',
              runId: `${id}-run`,
              turn: i,
            };
      };
      for (let i = 0; i < 4000; i++) messages.push(msg(`${id}-m${i}`, i, i, `${i}`));
      const branches: Record<string, unknown>[] = [];
      for (let b = 0; b < 50; b++) {
        const fork = b === 49 ? 3979 : 80 * b + 1;
        branches.push({ id: `b${b}`, parentId: 'root', forkMessageId: `${id}-m${fork}`, createdAt: now - 1000 + b });
        for (let k = 0; k < 20; k++)
          messages.push(msg(`${id}-b${b}-${k}`, 4000 + b * 20 + k, k, `b${b}-${k}`, `b${b}`));
      }
      const session = {
        id,
        title,
        model: 'mock-gpt',
        status: 'finished',
        createdAt: now - 20_000,
        updatedAt: now,
        messageCount: 5000,
        toolCallCount: 0,
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimated: true },
        settings: {},
        branches,
        activeBranchId: 'b49',
      };
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('toolscope');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = idb.transaction(['sessions', 'messages'], 'readwrite');
      tx.objectStore('sessions').put(session);
      for (const m of messages) tx.objectStore('messages').put(m);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      idb.close();
    },
    { id, title },
  );
}

test('a 5,000-message session with 50 branches opens on its active path, compared with a straight one', {
  tag: '@bench',
}, async ({ page }) => {
  await openApp(page);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const req = indexedDB.open('toolscope');
            req.onsuccess = () => {
              const ok = req.result.objectStoreNames.contains('messages');
              req.result.close();
              resolve(ok);
            };
            req.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
  await seedSession(page, { id: 'straight', title: 'Straight five thousand', count: 5000 });
  await seedBranched(page, 'branched', 'Branched five thousand');
  await page.reload();

  const straight: number[] = [];
  const branched: number[] = [];
  for (let i = 0; i < 5; i++) {
    straight.push(await openSession(page, 'Straight five thousand', 'Answer 4999:'));
    branched.push(await openSession(page, 'Branched five thousand', 'Answer b49-19:'));
  }
  // The active branch's path is shown, not the other branches' messages.
  await expect(page.getByText('Answer b48-19:', { exact: false })).toHaveCount(0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const line = `open 5,000 straight: ${straight.map((v) => v.toFixed(0)).join('/')} ms; 5,000 with 50 branches: ${branched.map((v) => v.toFixed(0)).join('/')} ms; median ratio ${(median(branched) / median(straight)).toFixed(2)} (target <= 2)`;
  test.info().annotations.push({ type: 'open-ms', description: line });
  console.log(`[app-scale] ${line}`);
  expect(await page.getByRole('article').count()).toBeLessThan(80);
});
