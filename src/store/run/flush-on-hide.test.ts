import { describe, expect, it } from 'vitest';
import { flushOnHide } from './flush-on-hide';

describe('flushOnHide', () => {
  it('flushes when the page is hidden or closed, not when it becomes visible', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    let flushes = 0;
    flushOnHide(win as unknown as Window, doc as unknown as Document, async () => {
      flushes++;
    });
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(flushes).toBe(0);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(flushes).toBe(1);
    win.dispatchEvent(new Event('pagehide'));
    expect(flushes).toBe(2);
  });
});
