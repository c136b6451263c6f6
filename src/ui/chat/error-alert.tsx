import type { ErrorInfo } from '../../domain/error-info';
import { useUiStore } from '../../store/ui-store';
import { ExportSessionButton } from '../io/export-session-button';
import { alertMessage, errorCopy, offlineExplains } from './error-copy';
import { useOnline } from './offline-alert';

type Props = {
  error: ErrorInfo;
  onRetry?: (() => void) | undefined;
  onDismiss?: (() => void) | undefined;
  /** The session an 'export' action exports; without it the advice alone points at Export. */
  sessionId?: string | undefined;
  /** False for a session on screen whose row could not be written: it has nothing to export. */
  stored?: boolean;
};

export function ErrorAlert({ error, onRetry, onDismiss, sessionId, stored = true }: Props) {
  const openSettings = useUiStore((s) => s.openSettings);
  const online = useOnline();
  const copy = errorCopy(error, online);
  // "Export this session" for a session that was never stored would point at nothing: there is nothing to export.
  const advice = error.kind === 'storage' && !stored ? null : copy.advice;
  return (
    <div className="alert" role="alert" data-error-kind={error.kind}>
      <strong>{copy.title}</strong>
      {!offlineExplains(error, online) && <span>{alertMessage(error)}</span>}
      {advice && <span>{advice}</span>}
      <div className="alert-actions">
        {copy.action === 'settings' && (
          <button type="button" onClick={() => openSettings()}>
            Open settings
          </button>
        )}
        {/* After fixing the key, model or URL in Settings, the failed message is sent again as it is. */}
        {(copy.action === 'retry' || copy.action === 'settings') && onRetry && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
        {copy.action === 'export' && sessionId && <ExportSessionButton sessionId={sessionId} />}
        {onDismiss && (
          <button type="button" onClick={onDismiss}>
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}
