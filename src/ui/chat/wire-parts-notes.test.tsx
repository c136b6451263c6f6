// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { WireParts } from '../../domain/messages';
import { reactTestRoot } from '../testing/react-test-root';
import { AssistantBody } from './assistant-body';

const dom = reactTestRoot();

function render(wireParts: WireParts, reasoning = '') {
  act(() =>
    dom.root.render(
      <AssistantBody
        sessionId="s1"
        text="Done."
        reasoning={reasoning}
        refusal={null}
        toolCalls={[]}
        partial={false}
        wireParts={wireParts}
      />,
    ),
  );
  return {
    summary: dom.host.querySelector('details.reasoning summary')?.textContent ?? null,
    note: dom.host.querySelector('[role="note"][aria-label="Parts Toolscope does not know"]')?.textContent ?? null,
  };
}

const anthropic = (parts: Record<string, unknown>[]): WireParts => ({ format: 'anthropic', model: 'm', parts });
const gemini = (parts: Record<string, unknown>[]): WireParts => ({ format: 'gemini', model: 'm', parts });

describe('a reply in a native format', () => {
  it('shows "Reasoning" for encrypted thinking alone, with how many blocks', () => {
    const shown = render(
      anthropic([
        { type: 'redacted_thinking', data: 'EnC...' },
        { type: 'text', text: 'Done.' },
      ]),
    );
    expect(shown.summary).toBe('Reasoning (1 reasoning block encrypted by the provider)');
    expect(shown.note).toBeNull();
  });

  it('counts encrypted blocks beside readable thinking', () => {
    const parts = [
      { type: 'thinking', thinking: 'Hmm', signature: 's' },
      { type: 'redacted_thinking', data: 'a' },
      { type: 'redacted_thinking', data: 'b' },
      { type: 'text', text: 'Done.' },
    ];
    expect(render(anthropic(parts), 'Hmm').summary).toBe('Reasoning (2 reasoning blocks encrypted by the provider)');
  });

  it('names the block types Toolscope does not know, once each, and none of those it reads', () => {
    const parts = [
      { type: 'hologram', frames: 'AAA' },
      { type: 'text', text: 'Done.' },
      { type: 'server_tool_use', id: 'x', name: 'web_search', input: {} },
      { type: 'web_search_tool_result', tool_use_id: 'x', content: [] },
      { type: 'hologram', frames: 'BBB' },
      { type: 'sparkle' },
    ];
    expect(render(anthropic(parts)).note).toBe(
      'The provider sent parts Toolscope does not know: hologram, sparkle. They are kept and sent back as they came.',
    );
  });

  it('names a Gemini part of an unknown kind, signatures and thought marks aside', () => {
    const parts = [
      { text: 'Done.', thoughtSignature: 'sig' },
      { text: '', thoughtSignature: 'sig2' },
      { functionCall: { name: 'f', args: {} } },
      { hologram: { frames: 'A' }, thoughtSignature: 'sig3' },
    ];
    const shown = render(gemini(parts));
    expect(shown.note).toMatch(/does not know: hologram\./);
    expect(shown.summary).toBeNull();
  });
});
