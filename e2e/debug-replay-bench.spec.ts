/**
 * Measurement, not a gate (architecture.md, "Speed targets"): replaying a 2,000-call run at "Instant" against opening
 * the same session, as a ratio in one page. Opening: from the session's button to its timeline's bars painted. Replay:
 * from "Replay run" to the whole run replayed (every stored event read and fed through the live reducer) with the
 * timeline's cursor painted. Only what was rendered is asserted, so a noisy machine cannot make it flake.
 */
import { expect, test } from './fixtures';
import { bulkSeed, seedDatabase } from './support/timeline-seed';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

test(
  'replaying a 2,000-call run at Instant, as a ratio to opening the session',
  { tag: '@bench' },
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    const big = bulkSeed('rp-big', 'Replay bench', 200, 10);
    await seedDatabase(page, [big, bulkSeed('rp-other', 'Other session', 2, 10)]);
    await page.getByRole('button', { name: 'Replay bench', exact: true }).waitFor();
    const events = big.events.length;

    const open: number[] = [];
    const replay: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Other session', exact: true }).click();
      await page.getByRole('tab', { name: 'Chat' }).click();
      open.push(
        await page.evaluate(async () => {
          const button = [...document.querySelectorAll<HTMLButtonElement>('button.session-open')].find(
            (b) => b.textContent === 'Replay bench',
          );
          const tab = document.querySelector<HTMLButtonElement>('#tab-timeline');
          if (!button || !tab) throw new Error('session button or tab missing');
          const t0 = performance.now();
          button.click();
          tab.click();
          await new Promise<void>((resolve, reject) => {
            const check = () => {
              if (document.querySelector('[data-kind="call"][data-call-id="c0"]')) resolve();
              else if (performance.now() - t0 > 20_000) reject(new Error('timeline did not render'));
              else requestAnimationFrame(check);
            };
            check();
          });
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return performance.now() - t0;
        }),
      );

      await page.locator('[data-kind="run"]').first().click();
      const details = page.getByRole('complementary', { name: 'Details' });
      await details.getByRole('button', { name: 'Replay run' }).waitFor();
      // The speed is chosen before the clock starts: the replay opens on its first event, so the region is needed.
      await details.getByRole('button', { name: 'Replay run' }).click();
      const region = page.getByRole('region', { name: 'Replay' });
      await region.getByRole('combobox', { name: 'Speed' }).selectOption('Instant');
      await region.getByRole('button', { name: 'Exit replay' }).click();
      replay.push(
        await page.evaluate(async (total) => {
          const button = [...document.querySelectorAll<HTMLButtonElement>('.tl-details button')].find(
            (b) => b.textContent === 'Replay run',
          );
          if (!button) throw new Error('Replay run missing');
          const t0 = performance.now();
          button.click();
          const wait = (ok: () => boolean) =>
            new Promise<void>((resolve, reject) => {
              const check = () => {
                if (ok()) resolve();
                else if (performance.now() - t0 > 20_000) reject(new Error('replay did not finish'));
                else requestAnimationFrame(check);
              };
              check();
            });
          await wait(() => document.querySelector('[role="region"][aria-label="Replay"] select') !== null);
          const select = document.querySelector<HTMLSelectElement>('[role="region"][aria-label="Replay"] select')!;
          select.value = 'instant';
          select.dispatchEvent(new Event('change', { bubbles: true }));
          const play = [
            ...document.querySelectorAll<HTMLButtonElement>('[role="region"][aria-label="Replay"] button'),
          ].find((b) => b.textContent === 'Play');
          play?.click();
          await wait(
            () =>
              document.querySelector(`input[aria-label="Replay position"][aria-valuenow="${total}"]`) !== null &&
              document.querySelector('[data-replay-cursor]') !== null,
          );
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return performance.now() - t0;
        }, events),
      );
      await expect(page.getByRole('slider', { name: 'Replay position' })).toHaveAttribute(
        'aria-valuenow',
        String(events),
      );
      await page.getByRole('region', { name: 'Replay' }).getByRole('button', { name: 'Exit replay' }).click();
    }
    const ratio = median(replay) / median(open);
    const line = `replay at Instant of a 2,000-call run (${events} events): ${median(replay).toFixed(0)} ms, opening the session ${median(open).toFixed(0)} ms, ratio ${ratio.toFixed(2)} (target <= 2)`;
    console.log(`[replay] ${line}`);
    testInfo.annotations.push({ type: 'replay-instant', description: line });
  },
);
