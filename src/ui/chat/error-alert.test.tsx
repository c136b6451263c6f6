import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { fakeExecutor, fakeTool } from '../../agent/testing/fake-tools';
import { harness } from '../../agent/testing/harness';
import { scriptedModel, toolCallsReply } from '../../agent/testing/scripted-model';
import type { ErrorInfo } from '../../domain/error-info';
import { ErrorAlert } from './error-alert';

/** What the alert shows: its text, and the names of its buttons (rendered as the page would, without a DOM). */
function shown(
  error: ErrorInfo,
  sessionId?: string,
  stored?: boolean,
): { kind: string | null; text: string; buttons: string[] } {
  const html = renderToStaticMarkup(
    <ErrorAlert error={error} sessionId={sessionId} {...(stored === undefined ? {} : { stored })} />,
  );
  const strip = (h: string) =>
    h
      .replace(/<[^>]+>/g, ' ')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  expect(html).toMatch(/^<div class="alert" role="alert"/);
  return {
    kind: /data-error-kind="([^"]+)"/.exec(html)?.[1] ?? null,
    text: strip(html),
    buttons: [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => strip(m[1] ?? '')),
  };
}

/** The error the real loop reports when its tool registry throws (a bug in Toolscope, not a tool failure). */
async function loopBugError(): Promise<ErrorInfo> {
  const inner = fakeExecutor([fakeTool({ name: 't0' })]);
  const tools = {
    list: () => inner.list(),
    get: () => {
      throw new TypeError('registry broke');
    },
  };
  const h = harness(scriptedModel([toolCallsReply([{ id: 'c0', name: 't0', args: '{}' }])]), { tools });
  const r = await h.run();
  if (!r.error) throw new Error('the run did not fail');
  return r.error;
}

describe('ErrorAlert for a fault in Toolscope', () => {
  it('says it is a fault in Toolscope, what was kept and how to report it, with an Export button', async () => {
    const alert = shown(await loopBugError(), 's1');
    expect(alert.kind).toBe('internal');
    expect(alert.text).toContain('Something went wrong inside Toolscope');
    expect(alert.text).toContain('The agent loop failed unexpectedly: registry broke');
    expect(alert.text).toContain('This is a fault in Toolscope, not in your settings or the model.');
    expect(alert.text).toContain(
      'The conversation up to the failure is kept, and every tool call in it has an answer.',
    );
    expect(alert.text).toMatch(/To report it, export this session \(Export, then “This session”\) and attach the file/);
    expect(alert.text).not.toMatch(/network/i);
    expect(alert.buttons.some((b) => b.startsWith('Export'))).toBe(true);
    expect(alert.buttons).not.toContain('Retry');
  });

  it('says what a failed compaction and a run that could not start left in place', () => {
    expect(
      shown({ fault: 'system', kind: 'internal', step: 'compaction', message: 'Compacting the conversation failed: x' })
        .text,
    ).toContain('The conversation is kept whole; it was not compacted.');
    expect(
      shown({ fault: 'system', kind: 'internal', step: 'start', message: 'The run could not start: x' }).text,
    ).toContain('Nothing was sent and the stored conversation is unchanged');
  });

  it('keeps "The network connection was lost" for a lost connection', () => {
    expect(
      shown({
        fault: 'system',
        kind: 'network',
        message: 'The connection was lost while the reply was streaming (reset).',
      }).text,
    ).toContain('The network connection was lost');
  });

  it('a refused redirect names both origins and points at Settings', () => {
    const alert = shown({
      fault: 'user',
      kind: 'redirect_refused',
      from: 'http://a.test',
      to: 'http://b.test',
      message: 'http://a.test redirected the request to http://b.test (HTTP 307).',
    });
    expect(alert.text).toContain('The endpoint redirected the request elsewhere');
    expect(alert.text).toContain('http://a.test redirected the request to http://b.test (HTTP 307).');
    expect(alert.text).toContain('Nothing was sent to the other address.');
    expect(alert.buttons).toContain('Open settings');
  });

  it('points at Export for a storage failure only where there is a session to export', () => {
    const full = {
      fault: 'system',
      kind: 'storage',
      message: 'The new session could not be stored: browser storage is full.',
    } as const;
    expect(shown(full, undefined, false).text).not.toContain('Export');
    expect(shown(full).text).toContain('Export this session to keep it as a file');
  });
});
