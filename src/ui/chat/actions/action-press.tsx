import { Suspense, useState } from 'react';
import type { CommandResult, MessageAction, MessageActionContext, MessagePanel } from './message-action';

/**
 * What pressing the entries of an action list does, wherever they are drawn: a message's footer
 * (message-action-bar.tsx) or a model turn's timeline details (step-actions.tsx), so a step action behaves the same
 * in both (docs/accessible-names.md, "Step actions"). A panel needs a place under the message; only the footer has
 * one, so it alone passes `onPanel`.
 */
type ActionPress = {
  ctx: MessageActionContext;
  /** The actions of the list this message offers, in the list's order. */
  shown: readonly MessageAction[];
  results: Readonly<Record<string, CommandResult>>;
  /** The command being run: its button waits, so a double click does not save a memory twice. */
  working: string;
  press: (a: MessageAction, button: HTMLButtonElement) => Promise<void>;
  openDialog: MessageAction | undefined;
  closeDialog: () => void;
};

export function useActionPress(
  actions: readonly MessageAction[],
  ctx: MessageActionContext,
  onPanel?: (a: MessagePanel, button: HTMLButtonElement) => void,
): ActionPress {
  const [dialog, setDialog] = useState<string | null>(null);
  const [results, setResults] = useState<Readonly<Record<string, CommandResult>>>({});
  const [working, setWorking] = useState('');
  const shown = actions.filter((a) => a.shows(ctx));

  const press = async (a: MessageAction, button: HTMLButtonElement) => {
    if (a.kind === 'panel') {
      onPanel?.(a, button);
      return;
    }
    if (a.kind === 'dialog') {
      setDialog(a.id);
      return;
    }
    setWorking(a.id);
    const result = await a.run(ctx);
    setWorking('');
    if (result) setResults((r) => ({ ...r, [a.id]: result }));
  };

  return {
    ctx,
    shown,
    results,
    working,
    press,
    openDialog: shown.find((a) => a.kind === 'dialog' && a.id === dialog),
    closeDialog: () => setDialog(null),
  };
}

type ButtonProps = {
  action: MessageAction;
  pressing: ActionPress;
  className?: string;
  /** A panel's toggle state and the id of its open region (the footer's panels only). */
  expanded?: boolean;
  controls?: string;
};

/** One action's button: its label until a command says it is done ("Remembered"), waiting while it runs. */
export function ActionButton({ action: a, pressing, className, expanded, controls }: ButtonProps) {
  const result = pressing.results[a.id];
  const done = result?.kind === 'done';
  return (
    <button
      type="button"
      className={className}
      data-action={a.id}
      aria-expanded={expanded}
      aria-controls={controls}
      disabled={done || pressing.working === a.id || (a.kind !== 'panel' && a.disabled?.(pressing.ctx) === true)}
      onClick={(e) => void pressing.press(a, e.currentTarget)}
      onPointerEnter={a.kind === 'dialog' ? a.preload : undefined}
      onFocus={a.kind === 'dialog' ? a.preload : undefined}
    >
      {done ? result.label : a.label}
    </button>
  );
}

/** What the pressed actions left to show: each failed command's sentence (role alert), then the open dialog. */
export function ActionAftermath({ pressing }: { pressing: ActionPress }) {
  const { openDialog } = pressing;
  return (
    <>
      {pressing.shown.map((a) => {
        const r = pressing.results[a.id];
        return r?.kind === 'failed' ? (
          <p key={a.id} role="alert" className="hint">
            {r.message}
          </p>
        ) : null;
      })}
      {openDialog?.kind === 'dialog' && (
        <Suspense fallback={null}>
          <openDialog.Dialog ctx={pressing.ctx} onClose={pressing.closeDialog} />
        </Suspense>
      )}
    </>
  );
}
