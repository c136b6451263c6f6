import { useEffect, useId, useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import { makeShareLink, type MadeShareLink } from '../data/share/share-link';
import { useStoredShareRows } from '../data/share/stored-shares-data';
import { StoredSharesList, useStopSharing, type StopOutcome } from './stored-shares-list';

type Props = { sessionId: string; onClose: () => void };

type Stopped = StopOutcome | null;

/** The dialog's one status line: what making a link or stopping one is doing or did last. */
function statusText(step: Step, stopping: boolean, stopped: Stopped): string {
  if (stopping) return 'Removing the shared session from your storage…';
  if (stopped?.kind === 'done' && step.kind !== 'made') return stopped.text;
  if (step.kind === 'making') return 'Encrypting the session…';
  if (step.kind !== 'made') return '';
  const where =
    step.made.where === 'link'
      ? 'The whole session is inside the link, encrypted; nothing was uploaded.'
      : 'The session is on your storage, encrypted; the link holds where it is and its key.';
  return where + (step.copied ? ' Link copied.' : '');
}

type Step =
  | { kind: 'idle' }
  | { kind: 'making' }
  | { kind: 'made'; made: MadeShareLink; copied: boolean }
  | { kind: 'failed'; text: string };

/**
 * "Share link…" (architecture.md, "Share links"): a modal dialog that seals the session in the page and shows the
 * link. Loaded on first use with the sealing code. Tool results are left out unless ticked: they are what most
 * often holds what the person did not mean to hand on. Changing the choice drops a link already made. The session's
 * links put on the storage are listed, each with "Stop sharing", which removes it there (architecture.md, "Share links").
 */
export function ShareLinkDialog({ sessionId, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const linkBox = useRef<HTMLInputElement>(null);
  const id = useId();
  const [toolResults, setToolResults] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const stored = useStoredShareRows(sessionId);
  // A link shown for the share just removed would no longer open: take it away.
  const dropShown = (shareId: string) =>
    setStep((st) =>
      st.kind === 'made' && st.made.where === 'storage' && st.made.shareId === shareId ? { kind: 'idle' } : st,
    );
  const { stopping, outcome: stopped, setOutcome: setStopped, stop } = useStopSharing(dropShown);

  useModal(ref);

  useEffect(() => {
    if (step.kind !== 'made') return;
    linkBox.current?.focus();
    linkBox.current?.select();
  }, [step.kind]);

  const create = async () => {
    setStopped(null);
    setStep({ kind: 'making' });
    try {
      // The page's own address: formatShareLink keeps its origin and path only, never a query or the fragment.
      const made = await makeShareLink(sessionId, toolResults, window.location.href);
      setStep({ kind: 'made', made, copied: false });
    } catch (e) {
      setStep({ kind: 'failed', text: e instanceof Error ? e.message : String(e) });
    }
  };

  // Closed before the parent moves the cursor: while the dialog is modal, the rest of the page cannot take focus.
  const close = () => {
    ref.current?.close();
    onClose();
  };

  const copy = async (made: MadeShareLink) => {
    try {
      await navigator.clipboard.writeText(made.link);
      setStep({ kind: 'made', made, copied: true });
    } catch {
      setStep({
        kind: 'failed',
        text: 'The browser did not let the page copy the link. Select the link and copy it yourself.',
      });
    }
  };

  return (
    <dialog
      ref={ref}
      aria-label="Share link"
      aria-describedby={`${id}-about`}
      className="io-dialog"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2>Share link</h2>
      <p id={`${id}-about`} className="hint">
        The session is encrypted in this page with a new key that exists only in the link. Anyone with the link can read
        it; no one without it can, your storage included.
      </p>
      <label>
        <input
          type="checkbox"
          checked={toolResults}
          disabled={step.kind === 'making'}
          onChange={(e) => {
            setToolResults(e.target.checked);
            setStep({ kind: 'idle' });
          }}
        />{' '}
        Include tool results
      </label>
      {step.kind === 'made' && (
        <p>
          <label htmlFor={`${id}-link`}>Link</label>
          <input
            id={`${id}-link`}
            ref={linkBox}
            type="text"
            readOnly
            value={step.made.link}
            className="share-link-box"
            onFocus={(e) => e.target.select()}
          />
        </p>
      )}
      {/* What the session has that this link does not carry, with counts and why (docs/files.md, "Share links"). */}
      {step.kind === 'made' && step.made.leftOut.length > 0 && (
        <section aria-labelledby={`${id}-left-out`}>
          <h3 id={`${id}-left-out`}>Left out of this link</h3>
          <ul aria-labelledby={`${id}-left-out`}>
            {step.made.leftOut.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {/* One status line and one alert for the dialog: making a link and stopping one take turns on them. */}
      <p role="status" className="hint">
        {statusText(step, stopping !== null, stopped)}
      </p>
      {(step.kind === 'failed' || stopped?.kind === 'failed') && (
        <p role="alert" className="warning">
          {stopped?.kind === 'failed' ? stopped.text : step.kind === 'failed' ? step.text : ''}
        </p>
      )}
      {stored !== undefined && stored.length > 0 && (
        <section aria-labelledby={`${id}-stored`}>
          <h3 id={`${id}-stored`}>Links on your storage</h3>
          <StoredSharesList
            rows={stored}
            labelId={`${id}-stored`}
            withTitle={false}
            withWhere={false}
            stopping={stopping}
            onStop={(sid) => void stop(sid)}
          />
        </section>
      )}
      <div className="dialog-actions">
        {step.kind === 'made' ? (
          <button type="button" className="primary" onClick={() => void copy(step.made)}>
            Copy link
          </button>
        ) : (
          <button type="button" className="primary" disabled={step.kind === 'making'} onClick={() => void create()}>
            Create link
          </button>
        )}
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}
