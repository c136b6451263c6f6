/**
 * Renders the app icons' PNG sizes from their SVGs (public/icons), with the system Chromium the e2e tests use.
 * Run after changing an SVG: `npx tsx build/render-icons.ts`; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DIR = new URL('../public/icons/', import.meta.url);
const OUT: { svg: string; png: string; size: number }[] = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon.svg', png: 'apple-touch-icon.png', size: 180 },
  { svg: 'icon.svg', png: 'icon-32.png', size: 32 },
  { svg: 'maskable.svg', png: 'maskable-512.png', size: 512 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage();
for (const o of OUT) {
  const svg = readFileSync(new URL(o.svg, DIR), 'utf8');
  await page.setViewportSize({ width: o.size, height: o.size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${o.size}px;height:${o.size}px}</style>${svg}`,
  );
  await page.screenshot({ path: new URL(o.png, DIR).pathname, omitBackground: true });
}
await browser.close();
