import { useState } from 'react';
import { rememberText } from '../data/memory/memory-mutations';

/** Saves a message's text as a memory that later runs (in any session) may recall. */
export function RememberButton({ text, sessionId, label }: { text: string; sessionId: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  if (!text.trim()) return null;
  const save = async () => {
    setState('saving');
    try {
      await rememberText(text.trim(), sessionId);
      setState('saved');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        className="link-button"
        aria-label={label && state !== 'saved' ? label : undefined}
        onClick={() => void save()}
        disabled={state === 'saving' || state === 'saved'}
      >
        {state === 'saved' ? 'Remembered' : 'Remember'}
      </button>
      {state === 'failed' && (
        <span role="alert" className="hint">
          Could not save the memory (browser storage refused it).
        </span>
      )}
    </>
  );
}
