/**
 * axe-core run inside the page. The script is evaluated through the browser's debugging protocol (as
 * @axe-core/playwright does), which the page's Content-Security-Policy does not govern, so the app's CSP stays as
 * shipped. Every rule axe runs by default counts (WCAG 2.0–2.2 A/AA and best practices): any violation fails.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: unknown[]; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

export type Scheme = 'light' | 'dark';
export type Width = 1280 | 390;

/** One line per violation and node, so a failure says what to fix and where. */
function describe(violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.impact ?? '?'} ${v.id}: ${v.help} @ ${JSON.stringify(n.target)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}

async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations;
  });
  return describe(violations as AxeViolation[]);
}

/** Scans the page as it is in both colour schemes and at phone and desktop width; restores 1280 px light. */
export async function expectNoAxeViolations(
  page: Page,
  state: string,
  combos: { scheme: Scheme; width: Width }[] = ALL_COMBOS,
): Promise<void> {
  // Soft: one run reports every view's violations, not only the first view's.
  const found: string[] = [];
  for (const { scheme, width } of combos) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // One frame for the new layout and colours to apply before axe reads computed styles.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const line of await axeViolations(page)) found.push(`[${state} · ${scheme} · ${width}px] ${line}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect.soft(found, found.join('\n')).toEqual([]);
}

const ALL_COMBOS: { scheme: Scheme; width: Width }[] = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 1280 },
  { scheme: 'light', width: 390 },
  { scheme: 'dark', width: 390 },
];
