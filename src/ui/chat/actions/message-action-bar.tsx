import './message-actions.css';
import { Suspense, useId, useState, type ReactNode } from 'react';
import type { CommandResult, MessageAction, MessageActionContext } from './message-action';

type Props = {
  actions: readonly MessageAction[];
  ctx: MessageActionContext;
  /** The quiet line at the start of the footer (`.message-meta`) and anything before it (the branch arrows). */
  children?: ReactNode;
};

/** Tells the message list a person opened something to read here, so it stops following the end (message-list.tsx). */
export const READING_EVENT = 'toolscope-reading';

/**
 * A finished message's footer (architecture.md, "A calm chat"): its quiet line, "More actions", then one button per
 * action of the list that applies (the disclosure's content follows its button). At rest only "More actions" shows;
 * a pointer over the message, focus inside it or "More actions" (touch, keyboard) show the rest.
 */
export function MessageActionBar({ actions, ctx, children }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<string | null>(null);
  const [dialog, setDialog] = useState<string | null>(null);
  const [results, setResults] = useState<Readonly<Record<string, CommandResult>>>({});
  // The command being run: its button waits, so a double click does not save a memory twice.
  const [working, setWorking] = useState('');
  const shown = actions.filter((a) => a.shows(ctx));
  const openPanel = shown.find((a) => a.kind === 'panel' && a.id === panel);
  const openDialog = shown.find((a) => a.kind === 'dialog' && a.id === dialog);

  const press = async (a: MessageAction, button: HTMLButtonElement) => {
    if (a.kind === 'panel') {
      const opening = panel !== a.id;
      setPanel(opening ? a.id : null);
      if (opening) button.dispatchEvent(new Event(READING_EVENT, { bubbles: true }));
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

  return (
    <>
      <div className="message-footer" data-open={open || openPanel !== undefined || undefined}>
        {children}
        <div className="message-tools">
          <button
            type="button"
            className="quiet icon more-actions"
            aria-label="More actions"
            aria-expanded={open}
            aria-controls={`${id}-actions`}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">⋯</span>
          </button>
          <div className="message-actions" id={`${id}-actions`} role="group" aria-label="Message actions">
            {shown.map((a) => {
              const result = results[a.id];
              const done = result?.kind === 'done';
              return (
                <button
                  key={a.id}
                  type="button"
                  className="quiet"
                  data-action={a.id}
                  aria-expanded={a.kind === 'panel' ? panel === a.id : undefined}
                  aria-controls={a.kind === 'panel' && panel === a.id ? `${id}-${a.id}` : undefined}
                  disabled={done || working === a.id || (a.kind !== 'panel' && a.disabled?.(ctx) === true)}
                  onClick={(e) => void press(a, e.currentTarget)}
                >
                  {done ? result.label : a.label}
                </button>
              );
            })}
          </div>
        </div>
      </div>
      {shown.map((a) => {
        const r = results[a.id];
        return r?.kind === 'failed' ? <p key={a.id} role="alert" className="hint">{r.message}</p> : null;
      })}
      {openDialog?.kind === 'dialog' && (
        <Suspense fallback={null}>
          <openDialog.Dialog ctx={ctx} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {openPanel?.kind === 'panel' && (
        <section className="message-panel" id={`${id}-${openPanel.id}`} aria-label={openPanel.label}>
          <Suspense fallback={<p className="hint">Loading…</p>}>
            <openPanel.Panel ctx={ctx} />
          </Suspense>
        </section>
      )}
    </>
  );
}
