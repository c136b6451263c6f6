import { useEffect, useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import type { SessionRecord } from '../../domain/session';

/** What the chosen sessions become: our own file, or an OpenTelemetry trace (content only when ticked). */
type ChosenFormat = { kind: 'toolscope' } | { kind: 'otel'; includeContent: boolean };

type Props = {
  sessions: SessionRecord[];
  initial: string[];
  onExport: (ids: string[], format: ChosenFormat) => void;
  onClose: () => void;
};

/**
 * "Choose sessions…": a modal dialog (a form does not belong in a menu) whose fieldset holds one checkbox per
 * session. The browser keeps the cursor inside while it is open and Esc cancels it.
 */
export function ExportChooser({ sessions, initial, onExport, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(initial));
  const [trace, setTrace] = useState(false);
  const [includeContent, setIncludeContent] = useState(false);

  useModal(ref);
  useEffect(() => {
    // The first checkbox, not the dialog's first button: choosing is what it is for.
    ref.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-label="Export sessions"
      className="io-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <fieldset className="io-choose">
        <legend>Sessions to export</legend>
        {sessions.length === 0 && <p className="hint">No sessions yet.</p>}
        {sessions.map((s) => (
          <label key={s.id}>
            <input
              type="checkbox"
              checked={chosen.has(s.id)}
              onChange={(e) =>
                setChosen((prev) => {
                  const next = new Set(prev);
                  if (e.target.checked) next.add(s.id);
                  else next.delete(s.id);
                  return next;
                })
              }
            />
            {s.title}
            {/* Copies share a title; size and date tell them apart. */}
            <span className="hint">
              {' '}
              · {s.messageCount} message{s.messageCount === 1 ? '' : 's'} · {new Date(s.updatedAt).toLocaleDateString()}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="io-choose">
        <legend>Format</legend>
        <label>
          <input type="radio" name="export-format" checked={!trace} onChange={() => setTrace(false)} /> Toolscope file
        </label>
        <label>
          <input type="radio" name="export-format" checked={trace} onChange={() => setTrace(true)} /> OpenTelemetry
          trace
        </label>
        {trace && (
          <label>
            <input type="checkbox" checked={includeContent} onChange={(e) => setIncludeContent(e.target.checked)} />{' '}
            Include content
          </label>
        )}
      </fieldset>
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={chosen.size === 0}
          onClick={() => onExport([...chosen], trace ? { kind: 'otel', includeContent } : { kind: 'toolscope' })}
        >
          Export selected ({chosen.size})
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
