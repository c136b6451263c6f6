import { useMemo, useState } from 'react';
import { ActionAftermath, ActionButton, useActionPress } from '../chat/actions/action-press';
import type { MessageActionContext } from '../chat/actions/message-action';
import { STEP_ACTIONS } from '../chat/actions/message-actions';
import { useMessagesById } from '../data/session/use-messages-by-id';
import { TRACE_NOT_RECORDED } from '../../domain/sent-step';

type Props = {
  sessionId: string;
  /** The assistant message the model turn produced. */
  messageId: string;
  /** A run of the session is live: what may not start meanwhile waits, as in the chat. */
  running: boolean;
  /** A recorded trace: its path is not changed, yet its steps re-run as branches. */
  readOnly: boolean;
};

/**
 * A model turn's step actions in its timeline details: the very entries its message offers (`STEP_ACTIONS`,
 * docs/accessible-names.md, "Step actions"), read against the stored message as the chat reads them.
 */
export function StepActions({ sessionId, messageId, running, readOnly }: Props) {
  const ids = useMemo(() => [messageId], [messageId]);
  const message = useMessagesById(ids)?.[0];
  if (message?.role !== 'assistant') return null;
  return <StepActionButtons ctx={{ sessionId, message, busy: running || readOnly, running, editing: false }} />;
}

/** One button per step action the message offers, pressed as its footer presses them but always in view. */
export function StepActionButtons({ ctx }: { ctx: MessageActionContext }) {
  // No step action opens a panel (which would need a place under the message), so none is passed.
  const pressing = useActionPress(STEP_ACTIONS, ctx);
  return (
    <>
      {pressing.shown.map((a) => (
        <ActionButton key={a.id} action={a} pressing={pressing} />
      ))}
      <ActionAftermath pressing={pressing} />
    </>
  );
}

/**
 * A model turn with no reply in the chat. A trace's step that recorded no request content offers the same actions
 * and says why each cannot run (architecture.md, "Trace inbox"), "Request and response" that the trace holds no
 * traffic; elsewhere they are shown, unavailable.
 */
export function UnrecordedStepActions({ trace }: { trace: boolean }) {
  const [said, setSaid] = useState<string | null>(null);
  return (
    <>
      {STEP_ACTIONS.map((a) => (
        <button
          key={a.id}
          type="button"
          data-action={a.id}
          disabled={!trace}
          onClick={() => setSaid(a.id === 'request-response' ? TRACE_NO_TRAFFIC : TRACE_NOT_RECORDED)}
        >
          {a.label}
        </button>
      ))}
      {said && <p role="alert">{said}</p>}
    </>
  );
}

/** A trace is read from a file: no request of it went through this page, so none was captured (docs/wire-capture.md). */
const TRACE_NO_TRAFFIC = 'This trace holds no raw traffic: nothing was captured for this step.';
