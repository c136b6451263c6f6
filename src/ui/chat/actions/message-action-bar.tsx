import './message-actions.css';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { ActionAftermath, ActionButton, useActionPress } from './action-press';
import type { MessageAction, MessageActionContext } from './message-action';

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
  const pressing = useActionPress(actions, ctx, (a, button) => {
    const opening = panel !== a.id;
    setPanel(opening ? a.id : null);
    if (opening) button.dispatchEvent(new Event(READING_EVENT, { bubbles: true }));
  });
  const openPanel = pressing.shown.find((a) => a.kind === 'panel' && a.id === panel);

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
            {pressing.shown.map((a) => (
              <ActionButton
                key={a.id}
                action={a}
                pressing={pressing}
                className="quiet"
                expanded={a.kind === 'panel' ? panel === a.id : undefined}
                controls={a.kind === 'panel' && panel === a.id ? `${id}-${a.id}` : undefined}
              />
            ))}
          </div>
        </div>
      </div>
      <ActionAftermath pressing={pressing} />
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
