import { useUiStore } from '../../store/ui-store';

/**
 * "Save as test case" for one model step (architecture.md, "Test cases and suites"). One small piece on its own so it
 * can join a message's list of actions as it is; the dialog itself loads on first use.
 */
export function SaveCaseButton({ sessionId, messageId, disabled }: { sessionId: string; messageId: string; disabled?: boolean }) {
  const open = useUiStore((s) => s.openSaveCase);
  return (
    <button type="button" className="save-case-button" disabled={disabled} onClick={() => open({ sessionId, messageId })}>
      Save as test case
    </button>
  );
}
