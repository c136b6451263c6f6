import { useId, useRef } from 'react';
import { useModal } from '../shared/use-modal';

export type LeaveChoice = 'save' | 'discard' | 'cancel';

type Props = {
  /** The tool whose edits would be lost, as the person knows it. */
  toolName: string;
  /** Called once the dialog has closed: by a button, or Esc (which counts as Cancel). */
  onAnswer: (choice: LeaveChoice) => void;
};

/** Asked before another tool replaces an editor holding unsaved edits. */
export function UnsavedChangesDialog({ toolName, onAnswer }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const choice = useRef<LeaveChoice>('cancel');
  const id = useId();

  useModal(ref);

  // Closing (rather than unmounting) hands the focus back to what had it before the dialog opened.
  const choose = (c: LeaveChoice) => {
    choice.current = c;
    ref.current?.close();
  };

  return (
    <dialog
      ref={ref}
      className="unsaved-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={() => onAnswer(choice.current)}
    >
      <h2 id={`${id}-title`}>Unsaved changes to {toolName}</h2>
      <p id={`${id}-text`}>Save them before opening another tool, or discard them?</p>
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={() => choose('save')}>
          Save
        </button>
        <button type="button" onClick={() => choose('discard')}>
          Discard
        </button>
        <button type="button" onClick={() => choose('cancel')}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
