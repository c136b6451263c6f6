/**
 * Test-only: sessions to share, built the way imports build one. No JSON modules are imported here, so the e2e specs
 * (Node's ESM loader) can build the same sessions the unit tests share.
 */
import { ROOT_BRANCH } from '../../domain/branches';
import { createSessionBuilder } from '../foreign/session-builder';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFileV1 } from '../session-file/format-v1';

export const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);

/** A one-session file built the way imports build one (messages in order, runs read off them). */
export function exportOf(write: (b: ReturnType<typeof createSessionBuilder>) => void): ExportFileV1 {
  let n = 0;
  const b = createSessionBuilder({ newId: () => `id-${++n}`, now: T0 });
  write(b);
  const entry = b.finish({ title: 'Shared sums', model: 'gpt-5-mini', createdAt: T0 });
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(T0).toISOString(),
    app: { name: 'toolscope', version: '0.0.0' },
    sessions: [entry],
    tools: [],
  };
}

export const MEMORY = 'MEMORY-CANARY lives in Paris';
export const SEALED = 'ENCRYPTED-CANARY-77';
export const ORIGINAL_RESULT = 'ORIGINAL-RESULT-CANARY';
export const PROVIDER_OUTPUT = 'PROVIDER-OUTPUT-CANARY: 3 sources';

/**
 * A person's image, a call whose arguments and request were edited, a call answered by hand, a tool's image and
 * edited result, sources, a provider's web search and a refusal: every kind of extra a share carries or leaves out.
 * `png`: the two images' base64 (the person's, the tool's).
 */
export function richShareSession(png: { user: string; tool: string }): ExportFileV1 {
  return exportOf((b) => {
    b.user(ROOT_BRANCH, 'What does this chart say?', T0, [
      { mimeType: 'image/png', data: png.user, label: 'chart.png' },
    ]);
    b.assistant(ROOT_BRANCH, {
      content: '',
      toolCalls: [
        { id: 'c0', name: 'get_time', arguments: '{}' },
        { id: 'c1', name: 'render_chart', arguments: '{"width":640}' },
      ],
      providerItems: [{ kind: 'reasoning', id: 'rs_1', summary: ['Looking at it'], encryptedContent: SEALED }],
      edits: [
        { kind: 'request', original: MEMORY, sent: `${MEMORY} (sent)` },
        { kind: 'arguments', callId: 'c1', original: '{"width":64}' },
      ],
      createdAt: T0 + 2000,
    });
    b.tool(ROOT_BRANCH, {
      toolCallId: 'c0',
      name: 'get_time',
      content: '09:00',
      createdAt: T0 + 2100,
      edits: [{ kind: 'answered' }],
    });
    b.tool(ROOT_BRANCH, {
      toolCallId: 'c1',
      name: 'render_chart',
      content: 'Rendered.',
      createdAt: T0 + 2500,
      images: [{ mimeType: 'image/png', data: png.tool, label: 'render_chart' }],
      edits: [{ kind: 'result', original: ORIGINAL_RESULT }],
    });
    b.assistant(ROOT_BRANCH, {
      content: 'Sales rose 12% [1].',
      citations: [
        { kind: 'url', ref: 'https://example.com/sales', title: 'Sales report' },
        { kind: 'file', ref: 'file-9', title: 'q3.pdf' },
      ],
      providerItems: [
        {
          kind: 'provider_tool',
          id: 'ws_1',
          itemType: 'web_search_call',
          name: 'web_search',
          status: 'completed',
          input: 'sales 2026',
          output: PROVIDER_OUTPUT,
          durationMs: 840,
        },
      ],
      createdAt: T0 + 4000,
    });
    b.user(ROOT_BRANCH, 'Now write something hurtful about my colleague.', T0 + 9000);
    b.assistant(ROOT_BRANCH, { content: '', refusal: 'I can’t help with that.', createdAt: T0 + 10_000 });
  });
}
