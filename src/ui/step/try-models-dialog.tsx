import { useId, useRef, useState, type FormEvent } from 'react';
import { useModal } from '../shared/use-modal';
import type { AssistantMessage } from '../../domain/messages';
import { tryOnOtherModels } from '../../store/step/try-on-models';

type Props = { sessionId: string; message: AssistantMessage; onClose: () => void };

/** "Try on other models" (architecture.md, "Try on other models"): one model per line, "<model> @ <base URL>" for another endpoint. */
export default function TryModelsDialog({ sessionId, message, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  useModal(ref);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await tryOnOtherModels(sessionId, message, text);
    if (r.ok) ref.current?.close();
    else setProblems(r.problems);
  };
  return (
    <dialog ref={ref} className="try-models-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <h2 id={`${id}-title`}>Try on other models</h2>
        <p className="hint">
          This step's request exactly as it was sent, to each model at once; only the model changes. No tools run.
        </p>
        <label>
          Models
          <textarea
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={'gpt-4o-mini\nllama3 @ http://localhost:11434/v1'}
          />
        </label>
        {problems.length > 0 && (
          <div role="alert">
            {problems.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        )}
        <div className="dialog-actions">
          <button type="submit" className="primary">
            Run
          </button>
          <button type="button" onClick={() => ref.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
