// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reactTestRoot } from '../testing/react-test-root';
import type { WireExchange, WireRequest } from '../../domain/wire-exchange';
import { curlCommand, fetchCommand } from '../../io/wire-commands';
import RequestResponseDialog from './request-response-dialog';

const dom = reactTestRoot();

// jsdom draws nothing: a dialog has no top layer and an element no size. The events' scroller and rows are given
// the heights the stylesheet gives them, so the virtualiser has a window to fill.
const sized = (name: 'clientHeight' | 'offsetHeight', height: (el: HTMLElement) => number) => {
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
  const inherited = Object.getOwnPropertyDescriptor(Element.prototype, name) ?? own;
  Object.defineProperty(HTMLElement.prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      const h = height(this);
      return h > 0 ? h : ((inherited?.get?.call(this) as number | undefined) ?? 0);
    },
  });
  return () =>
    own ? Object.defineProperty(HTMLElement.prototype, name, own) : Reflect.deleteProperty(HTMLElement.prototype, name);
};
const restore: (() => unknown)[] = [];
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  restore.push(sized('clientHeight', (el) => (el.classList.contains('wire-events') ? 320 : 0)));
  restore.push(sized('offsetHeight', (el) => (el.classList.contains('wire-event') ? 28 : 0)));
});
afterAll(() => {
  for (const undo of restore) undo();
});

const body = '{"model":"claude-x","messages":[{"role":"user","content":"Hi  there\\n"}],"stream":true}';

const request: WireRequest = {
  method: 'POST',
  url: 'https://api.anthropic.com/v1/messages',
  headers: [
    { name: 'content-type', value: 'application/json' },
    { name: 'x-api-key', value: '', secret: { variable: 'ANTHROPIC_API_KEY' } },
    { name: 'authorization', value: '', secret: { variable: 'TOOLSCOPE_SECRET_AUTHORIZATION', prefix: 'Bearer ' } },
  ],
  body: { encoding: 'utf8', data: body },
};

function exchange(id: string, sse: string, more: Partial<WireExchange> = {}): WireExchange {
  return {
    id,
    sessionId: 's1',
    owner: { kind: 'model', runId: 'r1', messageId: 'm1', attempt: 1 },
    startedAt: 0,
    request,
    response: {
      status: 200,
      headers: [{ name: 'content-type', value: 'text/event-stream' }],
      headersAtMs: 120,
      // The first read ends after the first event; the second holds the rest.
      reads: [
        { atMs: 130, text: sse.slice(0, sse.indexOf('\n\n') + 2) },
        { atMs: 175, text: sse.slice(sse.indexOf('\n\n') + 2) },
      ],
      endedAtMs: 180,
    },
    ...more,
  };
}

const stream =
  'event: message_start\ndata: {"type":"message_start"}\n\nevent: content_block_delta\ndata: {"text":"Hi"}\n\ndata: [DONE]\n\n';

const render = (
  exchanges: WireExchange[] | undefined,
  extra: Partial<Parameters<typeof RequestResponseDialog>[0]> = {},
) => act(() => dom.root.render(<RequestResponseDialog exchanges={exchanges} onClose={() => {}} {...extra} />));

/** The events are read in slices between tasks: let the tasks run until every list says how many it holds. */
async function eventsRead(): Promise<void> {
  const reading = () => dom.host.textContent?.includes('Reading events') ?? false;
  for (let turn = 0; turn < 10_000 && reading(); turn++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
  expect(reading()).toBe(false);
}

const q = <T extends Element>(selector: string, root: ParentNode = dom.host): T => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
};
const region = (name: string, root: ParentNode = dom.host) => q<HTMLElement>(`section[aria-label="${name}"]`, root);
const button = (name: string, root: ParentNode = dom.host) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const textboxLabelled = (name: string, root: ParentNode = dom.host): HTMLTextAreaElement => {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.startsWith(name));
  const box = label?.htmlFor ? document.getElementById(label.htmlFor) : label?.querySelector('textarea');
  if (!(box instanceof HTMLTextAreaElement)) throw new Error(`no textbox ${name}`);
  return box;
};

describe('dialog "Request and response"', () => {
  it('shows the request: method, URL, headers with the secret as its variable, the body exactly as sent', () => {
    render([exchange('e1', stream)]);
    const dialog = q<HTMLDialogElement>('dialog');
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Request and response',
    );
    const req = region('Request');
    expect(req.textContent).toContain('POST https://api.anthropic.com/v1/messages');
    expect([...q('ul[aria-label="Request headers"]', req).querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'content-type: application/json',
      'x-api-key: $ANTHROPIC_API_KEY (hidden)',
      'authorization: Bearer $TOOLSCOPE_SECRET_AUTHORIZATION (hidden)',
    ]);
    const box = textboxLabelled('Request body', req);
    expect(box.value).toBe(body);
    const pretty = [...req.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].find((c) =>
      c.parentElement?.textContent?.includes('Pretty'),
    )!;
    act(() => pretty.click());
    expect(box.value).toBe(JSON.stringify(JSON.parse(body), null, 2));
    act(() => pretty.click());
    expect(box.value).toBe(body);
  });

  it('lists each event with its arrival time, name and data, [DONE] too', async () => {
    render([exchange('e1', stream)]);
    await eventsRead();
    const res = region('Response');
    expect(res.textContent).toContain('Status 200, headers after 120 ms, ended after 180 ms');
    const items = [...q('ul[aria-label="Events"]', res).querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      '130 ms message_start {"type":"message_start"}',
      '175 ms content_block_delta {"text":"Hi"}',
      '175 ms (no name) [DONE]',
    ]);
  });

  it('shows a body that is not a stream whole, and no events', () => {
    const json = exchange('e1', '');
    const whole = '{"id":"msg_1","content":[{"type":"text","text":"Hello"}]}';
    render([
      {
        ...json,
        response: {
          ...json.response!,
          headers: [{ name: 'content-type', value: 'application/json' }],
          reads: [
            { atMs: 140, text: whole.slice(0, 9) },
            { atMs: 150, text: whole.slice(9) },
          ],
        },
      },
    ]);
    const res = region('Response');
    expect(res.querySelector('ul[aria-label="Events"]')).toBeNull();
    expect(textboxLabelled('Response body', res).value).toBe(whole);
  });

  it('opens at once while its exchanges are read, then shows them', () => {
    render(undefined);
    const dialog = document.querySelector('dialog');
    expect(dialog?.textContent).toContain('Reading what was captured…');
    expect(dialog?.querySelector('textarea')).toBeNull();
    render([exchange('e1', stream)]);
    expect(dialog?.textContent).not.toContain('Reading what was captured…');
    expect(region('Request').querySelector('textarea')).not.toBeNull();
  });

  it('says why nothing came back', () => {
    const { response: _none, ...failed } = exchange('e1', '');
    render([{ ...failed, failure: 'The connection was refused.' }]);
    expect(region('Response').textContent).toContain('The connection was refused.');
  });

  it('shows each attempt of a retried turn', async () => {
    render([exchange('e1', 'data: first\n\n'), exchange('e2', stream)]);
    await eventsRead();
    const groups = [...dom.host.querySelectorAll('section[role="group"]')];
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Attempt 1 of 2', 'Attempt 2 of 2']);
    expect(q('ul[aria-label="Events"]', region('Response', groups[0]!)).querySelectorAll('li')).toHaveLength(1);
    expect(q('ul[aria-label="Events"]', region('Response', groups[1]!)).querySelectorAll('li')).toHaveLength(3);
  });

  it('puts a window of a 50,000-event answer in the page, not every event', async () => {
    const many = 'data: {"d":"x"}\n\n'.repeat(50_000);
    render([exchange('e1', many)]);
    expect(region('Response').textContent).toContain('Reading events…');
    await eventsRead();
    const list = q('ul[aria-label="Events"]');
    const rows = list.querySelectorAll('li');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('50000');
    expect(region('Response').textContent).toContain('50000 events');
  });
});

describe('"Copy as curl" and "Copy as fetch"', () => {
  it('copy the command and show it in textbox "Command", the secret as its variable', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render([exchange('e1', stream)]);
    await act(async () => button('Copy as curl').click());
    const command = () => q<HTMLTextAreaElement>('textarea[aria-label="Command"]').value;
    expect(command()).toBe(curlCommand(request));
    expect(command()).toContain('"$ANTHROPIC_API_KEY"');
    expect(writeText).toHaveBeenLastCalledWith(curlCommand(request));
    await act(async () => button('Copy as fetch').click());
    expect(command()).toBe(fetchCommand(request));
    expect(writeText).toHaveBeenLastCalledWith(fetchCommand(request));
  });

  it('still shows the command when the browser refuses the clipboard', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => Promise.reject(new Error('denied')) },
    });
    render([exchange('e1', stream)]);
    await act(async () => button('Copy as curl').click());
    expect(q<HTMLTextAreaElement>('textarea[aria-label="Command"]').value).toBe(curlCommand(request));
    expect(q('[role="status"]').textContent).toMatch(/did not let the page copy/);
  });
});

describe('"Compare requests"', () => {
  it('lists each path that changed from the chosen request to this one, with the counts', () => {
    const other: WireRequest = {
      ...request,
      body: { encoding: 'utf8', data: body.replace('claude-x', 'claude-y').replace('Hi  there', 'Hello there') },
    };
    const same: WireRequest = { ...request };
    render([exchange('e1', stream)], {
      compareWith: [
        { id: 'a', label: 'Turn 2, same', request: same },
        { id: 'b', label: 'Turn 2 as first sent, on claude-y', request: other },
      ],
    });
    act(() => button('Compare requests').click());
    const section = q('[role="region"][aria-label="Compare requests"]');
    expect(q('[role="status"]', section).textContent).toBe('The bodies are the same.');
    const select = q<HTMLSelectElement>('select', section);
    act(() => {
      select.value = 'b';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(q('[role="status"]', section).textContent).toBe('2 changed, 0 added, 0 removed');
    const items = [...q('ul[aria-label="Differences"]', section).querySelectorAll('li')];
    expect(items.map((li) => li.querySelector('code')?.textContent)).toEqual(['model', 'messages[0].content']);
    // From the chosen request (the base) to this one.
    expect(items[0]?.textContent).toBe('model changed: "claude-y" → "claude-x"');
  });

  it("lists each session's requests under its title, in the order given", () => {
    render([exchange('e1', stream)], {
      compareWith: [
        { id: 'a', label: 'Request 1', request, group: 'This session' },
        { id: 'b', label: 'Request 2', request, group: 'This session' },
        { id: 'c', label: 'Earlier', request, group: 'Session: Weather' },
      ],
    });
    act(() => button('Compare requests').click());
    const groups = [...document.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.textContent),
    ]);
    expect(groups).toEqual([
      ['This session', ['Request 1', 'Request 2']],
      ['Session: Weather', ['Earlier']],
    ]);
  });
});

describe('bodies that are not JSON, or not text', () => {
  const html = '<!doctype html><p id="injected">It\'s <b>not</b> JSON</p><script>window.ran = true</script>\n';
  const binary = Uint8Array.from([0, 255, 254, 10, 0, 39, 34, 0x80, 0xc3, 0]);
  const base64 = btoa(String.fromCharCode(...binary));

  it('shows a request body that is not UTF-8 as base64, says so, and offers no Pretty view', () => {
    const req: WireRequest = {
      ...request,
      headers: [{ name: 'content-type', value: 'application/octet-stream' }],
      body: { encoding: 'base64', data: base64 },
    };
    const sent = exchange('e1', '');
    render([
      {
        ...sent,
        request: req,
        response: {
          ...sent.response!,
          headers: [{ name: 'content-type', value: 'application/octet-stream' }],
          reads: [
            { atMs: 140, text: btoa(String.fromCharCode(...binary.subarray(0, 4))), encoding: 'base64' },
            { atMs: 150, text: btoa(String.fromCharCode(...binary.subarray(4))), encoding: 'base64' },
          ],
        },
      },
    ]);
    const reqRegion = region('Request');
    expect(textboxLabelled('Request body', reqRegion).value).toBe(base64);
    expect(reqRegion.textContent).toContain('(not UTF-8 text: its bytes as base64)');
    expect(reqRegion.querySelector('input[type=checkbox]')).toBeNull();
    // The response's reads, each base64 on its own, shown as one body: the bytes as they came, in base64.
    const res = region('Response');
    expect(textboxLabelled('Response body', res).value).toBe(base64);
    expect(res.textContent).toContain('(not UTF-8 text: its bytes as base64)');
    expect(res.querySelector('ul[aria-label="Events"]')).toBeNull();
  });

  it('shows a body that is not JSON as text, never as markup, Pretty leaving it as sent', async () => {
    const req: WireRequest = { ...request, body: { encoding: 'utf8', data: html } };
    const sent = exchange('e1', '');
    render([
      {
        ...sent,
        request: req,
        response: {
          ...sent.response!,
          status: 502,
          headers: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
          reads: [{ atMs: 140, text: html }],
        },
      },
    ]);
    const reqRegion = region('Request');
    const box = textboxLabelled('Request body', reqRegion);
    expect(box.value).toBe(html);
    const pretty = [...reqRegion.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].find((c) =>
      c.parentElement?.textContent?.includes('Pretty'),
    )!;
    act(() => pretty.click());
    expect(box.value).toBe(html);
    expect(textboxLabelled('Response body', region('Response')).value).toBe(html);
    // Nothing in the bodies became part of the page.
    expect(dom.host.querySelector('#injected, b, script')).toBeNull();
    expect((window as unknown as { ran?: boolean }).ran).toBeUndefined();
    await act(async () => button('Copy as curl').click());
    expect(q<HTMLTextAreaElement>('textarea[aria-label="Command"]').value).toBe(curlCommand(req));
  });
});
