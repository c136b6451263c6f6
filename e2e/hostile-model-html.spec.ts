/**
 * A model answer holding HTML with event handlers, a javascript: link, a frame and remote images (docs/architecture.md,
 * invariant 5): not one handler attribute is created in any document of the page, not even the sanitizer's inert one
 * (Chromium reports each to the page's script-src-attr policy), nothing is fetched, and the harmless markup shows.
 */
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { recordViolations, violations } from './support/csp-violations';
import { startServer } from './support/recording-server';

test('a model answer with handlers, a javascript: link, a frame and remote images: nothing runs, is reported or fetched', async ({
  page,
  mock,
}) => {
  const server = await startServer((_req, res) => res.end('seen'));
  try {
    const answer = [
      '<b>bold answer</b> <img src=x onerror="window.__pwned = 1" alt="an x"> <svg onload="window.__pwned = 2"><circle r="1"></circle></svg>',
      '',
      `<a href="javascript:window.__pwned = 3">a javascript link</a> <iframe src="${server.origin}/frame"></iframe>`,
      '',
      `<div><img/src="${server.origin}/x"/onerror=window.__pwned=4 alt="remote"> <p title="kept"onclick="window.__pwned=5">a paragraph</p></div>`,
      '',
      `![a chart](${server.origin}/chart.png) and text on one line`,
    ].join('\n');
    const fetchedX: string[] = [];
    page.on('request', (req) => {
      if (/\/x$/.test(new URL(req.url()).pathname)) fetchedX.push(req.url());
    });
    await recordViolations(page);
    await openConfiguredApp(page, mock);
    // In pieces, so the half-written tags are rendered on the way too.
    mock.script([{ kind: 'text', content: answer, chunks: 12 }]);
    await sendMessage(page, 'Answer in HTML.');
    await waitForIdle(page);
    const msg = assistantMessages(page).last();
    await expect(msg).toHaveAttribute('data-status', 'complete');

    // The harmless parts show: formatting, the link's words, the paragraph and its title, images as their alt text.
    await expect(msg.locator('b')).toHaveText('bold answer');
    await expect(msg.getByText('a javascript link')).toBeVisible();
    await expect(msg.getByText('a paragraph')).toHaveAttribute('title', 'kept');
    await expect(msg.getByText('and text on one line')).toBeVisible();
    await expect(msg.getByRole('img', { name: 'an x' })).toBeVisible();
    await expect(msg.getByRole('img', { name: 'a chart' })).toBeVisible();
    // Nothing was reported: not even the sanitizer's own parse met a handler (the page's policy reports one wherever
    // a parser in the page creates it), and no image asked to load.
    expect(await violations(page)).toEqual([]);
    // The rest is gone: no handler, no javascript: URL, no frame or SVG, no image source to fetch.
    const markdown = msg.locator('.markdown');
    await expect(markdown.locator('[onerror], [onload], [onclick], iframe, svg, img[src], a[href]')).toHaveCount(0);
    expect(await markdown.innerHTML()).not.toMatch(/\son\w+=|javascript:/i);

    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(fetchedX).toEqual([]);
    expect(server.seen).toEqual([]);
  } finally {
    await server.close();
  }
});
