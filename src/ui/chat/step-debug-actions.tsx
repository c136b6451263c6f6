import { lazy, Suspense, useState } from 'react';
import type { AssistantMessage } from '../../domain/messages';

// The dialogs load when first opened, never with the page.
const RerunDialog = lazy(() => import('./rerun-dialog'));

type Props = { sessionId: string; message: AssistantMessage; busy: boolean };

/**
 * The step-debugging actions of an assistant message that came from a model request (architecture.md, "Re-run from
 * here", "Try on other models"): one piece, so the message's action list can take them as they are.
 */
export function StepDebugActions({ sessionId, message, busy }: Props) {
  const [open, setOpen] = useState<'rerun' | 'models' | null>(null);
  return (
    <>
      <div className="branch-controls step-debug-actions">
        <button type="button" disabled={busy} onClick={() => setOpen('rerun')}>Re-run from here</button>
        <button type="button" disabled={busy} onClick={() => setOpen('models')}>Try on other models</button>
      </div>
      <Suspense fallback={null}>
        {open === 'rerun' && <RerunDialog sessionId={sessionId} message={message} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
