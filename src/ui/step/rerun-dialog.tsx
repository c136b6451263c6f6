import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useModal } from '../shared/use-modal';
import { rerunFromHere, stepRequestOf, type ToolResultsChoice } from '../../store/step/rerun-actions';
import { TRACE_NOT_RECORDED } from '../../domain/sent-step';

/** The step: the assistant message a model request produced, and its run. */
type Props = { sessionId: string; message: { id: string; runId: string }; onClose: () => void };

/** "Re-run from here" (architecture.md, "Re-run from here"): the model and where tool results come from. */
export default function RerunDialog({ sessionId, message, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [model, setModel] = useState<string | null>(null);
  const [toolResults, setToolResults] = useState<ToolResultsChoice>('recorded');
  const [problem, setProblem] = useState<string | null>(null);
  const [toolsText, setToolsText] = useState<string | null>(null);
  const [unrecorded, setUnrecorded] = useState<string | null>(null);

  useModal(ref);
  useEffect(() => {
    let live = true;
    void stepRequestOf(message.runId, message.id).then((s) => {
      if (!live) return;
      if (s.traceUnrecorded) setUnrecorded(TRACE_NOT_RECORDED);
      setModel((m) => m ?? s.model ?? '');
      setToolsText(
        s.offeredTools
          ? `Tools as offered at step ${s.turn ?? '?'} (${s.offeredTools.length})`
          : "Tools: today's (this step's tools were not recorded)",
      );
    });
    return () => {
      live = false;
    };
  }, [message.runId, message.id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (unrecorded) return setProblem(unrecorded);
    if (!model?.trim()) return setProblem('Write the model to re-run this step with.');
    const outcome = await rerunFromHere(sessionId, message.id, message.runId, { model, toolResults });
    if (outcome === 'started') ref.current?.close();
    else if (outcome === 'busy' || outcome === 'locked')
      setProblem('The session is running; wait for it to finish or stop it, then re-run.');
    else if (outcome === 'not_found') setProblem('This message is no longer in the session.');
    else if (outcome === 'failed')
      setProblem('The re-run could not start: browser storage refused the write. Free space, then try again.');
    else ref.current?.close();
  };

  return (
    <dialog ref={ref} className="rerun-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <h2 id={`${id}-title`}>Re-run from here</h2>
        <p className="hint">
          A new branch of this reply: the history and system prompt exactly as this step sent them.
        </p>
        <label>
          Model
          <input type="text" value={model ?? ''} onChange={(e) => setModel(e.target.value)} disabled={model === null} />
        </label>
        {toolsText && <p className="hint">{toolsText}</p>}
        <fieldset role="radiogroup" aria-label="Tool results">
          <legend>Tool results</legend>
          <label>
            <input
              type="radio"
              name={`${id}-tools`}
              checked={toolResults === 'recorded'}
              onChange={() => setToolResults('recorded')}
            />
            Use recorded results
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-tools`}
              checked={toolResults === 'live'}
              onChange={() => setToolResults('live')}
            />
            Run tools live
          </label>
        </fieldset>
        {(problem ?? unrecorded) && <p role="alert">{problem ?? unrecorded}</p>}
        <div className="dialog-actions">
          <button type="submit" className="primary" disabled={model === null || unrecorded !== null}>
            Re-run
          </button>
          <button type="button" onClick={() => ref.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
