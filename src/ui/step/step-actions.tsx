import { Suspense, useMemo, useState } from 'react';
import type { CommandResult, MessageAction, MessageActionContext } from '../chat/actions/message-action';
import { STEP_ACTIONS } from '../chat/actions/message-actions';
import { useMessagesById } from '../data/use-messages-by-id';
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

/** One button per step action the message offers, drawn as its footer draws them but always in view. */
export function StepActionButtons({ ctx }: { ctx: MessageActionContext }) {
  const [dialog, setDialog] = useState<string | null>(null);
  const [results, setResults] = useState<Readonly<Record<string, CommandResult>>>({});
  const [working, setWorking] = useState('');
  const shown = STEP_ACTIONS.filter((a) => a.shows(ctx));
  const openDialog = shown.find((a) => a.kind === 'dialog' && a.id === dialog);

  const press = async (a: MessageAction) => {
    if (a.kind !== 'command') {
      // A step action that opens a panel would need a place under the message; none does.
      if (a.kind === 'dialog') setDialog(a.id);
      return;
    }
    setWorking(a.id);
    const result = await a.run(ctx);
    setWorking('');
    if (result) setResults((r) => ({ ...r, [a.id]: result }));
  };

  return (
    <>
      {shown.map((a) => {
        const result = results[a.id];
        const done = result?.kind === 'done';
        return (
          <button
            key={a.id}
            type="button"
            data-action={a.id}
            disabled={done || working === a.id || (a.kind !== 'panel' && a.disabled?.(ctx) === true)}
            onClick={() => void press(a)}
          >
            {done ? result.label : a.label}
          </button>
        );
      })}
      {shown.map((a) => {
        const r = results[a.id];
        return r?.kind === 'failed' ? <p key={a.id} role="alert" className="hint">{r.message}</p> : null;
      })}
      {openDialog?.kind === 'dialog' && (
        <Suspense fallback={null}>
          <openDialog.Dialog ctx={ctx} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A model turn with no reply in the chat. A trace's step that recorded no request content offers the same actions
 * and says why each cannot run (architecture.md, "Trace inbox"); elsewhere they are shown, unavailable.
 */
export function UnrecordedStepActions({ trace }: { trace: boolean }) {
  const [said, setSaid] = useState(false);
  return (
    <>
      {STEP_ACTIONS.map((a) => (
        <button key={a.id} type="button" data-action={a.id} disabled={!trace} onClick={() => setSaid(true)}>
          {a.label}
        </button>
      ))}
      {said && <p role="alert">{TRACE_NOT_RECORDED}</p>}
    </>
  );
}
