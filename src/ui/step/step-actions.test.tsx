// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactTestRoot } from '../testing/react-test-root';
import type { AssistantMessage } from '../../domain/messages';
import type { MessageActionContext } from '../chat/actions/message-action';
import { MessageActionBar } from '../chat/actions/message-action-bar';
import { MESSAGE_ACTIONS, STEP_ACTIONS } from '../chat/actions/message-actions';
import { StepActionButtons, UnrecordedStepActions } from './step-actions';

const answer: AssistantMessage = {
  id: 'm1',
  createdAt: 0,
  role: 'assistant',
  content: 'An answer.',
  reasoning: '',
  refusal: null,
  toolCalls: [],
  status: 'complete',
  runId: 'r1',
  turn: 1,
};
const ctx: MessageActionContext = { sessionId: 's1', message: answer, busy: false, running: false, editing: false };

const dom = reactTestRoot();

const buttons = () => [...dom.host.querySelectorAll('button')].map((b) => b.textContent ?? '');

describe('the step actions', () => {
  it('are the actions the contract names, in its order (docs/accessible-names.md, "Step actions")', () => {
    expect(STEP_ACTIONS.map((a) => a.label)).toEqual([
      'Re-run from here',
      'Try on other models',
      'Save as test case',
      'Request and response',
    ]);
  });

  it('are entries of the message list itself, not copies', () => {
    for (const a of STEP_ACTIONS) expect(MESSAGE_ACTIONS).toContain(a);
  });

  it("a recorded turn's details offer exactly the step actions its message's footer offers", () => {
    act(() => dom.root.render(<MessageActionBar actions={MESSAGE_ACTIONS} ctx={ctx} />));
    const inMessage = buttons().filter((label) => STEP_ACTIONS.some((a) => a.label === label));
    act(() => dom.root.render(<StepActionButtons ctx={ctx} />));
    expect(buttons()).toEqual(inMessage);
    expect(buttons()).toEqual(STEP_ACTIONS.map((a) => a.label));
  });

  it('a read-only trace step still offers them all, and a running session holds back the re-run', () => {
    act(() => dom.root.render(<StepActionButtons ctx={{ ...ctx, busy: true, running: false }} />));
    expect(buttons()).toEqual(STEP_ACTIONS.map((a) => a.label));
    expect([...dom.host.querySelectorAll('button')].every((b) => !b.disabled)).toBe(true);
    act(() => dom.root.render(<StepActionButtons ctx={{ ...ctx, busy: true, running: true }} />));
    expect(dom.host.querySelector<HTMLButtonElement>('button[data-action="rerun"]')?.disabled).toBe(true);
  });

  it('an unrecorded trace turn offers the same set, each saying why it cannot run', () => {
    act(() => dom.root.render(<UnrecordedStepActions trace />));
    expect(buttons()).toEqual(STEP_ACTIONS.map((a) => a.label));
    act(() => dom.host.querySelector('button')?.click());
    expect(dom.host.querySelector('[role="alert"]')?.textContent).toContain('did not record');
    // Not "cannot be re-run": what a trace lacks for this one is the traffic itself.
    act(() => dom.host.querySelector<HTMLButtonElement>('button[data-action="request-response"]')?.click());
    expect(dom.host.querySelector('[role="alert"]')?.textContent).toBe(
      'This trace holds no raw traffic: nothing was captured for this step.',
    );
  });

  it('elsewhere an unrecorded turn shows them all, unavailable', () => {
    act(() => dom.root.render(<UnrecordedStepActions trace={false} />));
    expect(buttons()).toEqual(STEP_ACTIONS.map((a) => a.label));
    expect([...dom.host.querySelectorAll('button')].every((b) => b.disabled)).toBe(true);
  });
});
