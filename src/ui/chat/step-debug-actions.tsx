import { lazy, Suspense, useState } from 'react';
import type { AssistantMessage } from '../../domain/messages';
import { useComparisonRuns } from '../../store/session/comparison-runs';
import { useStepComparisons } from '../data/use-step-comparisons';

// The dialogs and the comparison load when first needed, never with the page.
const RerunDialog = lazy(() => import('./rerun-dialog'));
const TryModelsDialog = lazy(() => import('../compare/try-models-dialog'));
const ModelComparisonView = lazy(() => import('../compare/model-comparison'));

type Props = { sessionId: string; message: AssistantMessage; busy: boolean };

/**
 * The step-debugging actions of an assistant message that came from a model request (architecture.md, "Re-run from
 * here", "Try on other models"), and the step's model comparison: one piece, so the message's action list can take
 * the two buttons as they are.
 */
export function StepDebugActions({ sessionId, message, busy }: Props) {
  const [open, setOpen] = useState<'rerun' | 'models' | null>(null);
  const comparing = useComparisonRuns((s) => s.live[message.id] !== undefined);
  const stored = useStepComparisons(sessionId, message.id);
  return (
    <>
      <div className="branch-controls step-debug-actions">
        <button type="button" disabled={busy} onClick={() => setOpen('rerun')}>Re-run from here</button>
        <button type="button" disabled={comparing} onClick={() => setOpen('models')}>Try on other models</button>
      </div>
      <Suspense fallback={null}>
        {open === 'rerun' && <RerunDialog sessionId={sessionId} message={message} onClose={() => setOpen(null)} />}
        {open === 'models' && <TryModelsDialog sessionId={sessionId} message={message} onClose={() => setOpen(null)} />}
        {(comparing || stored.length > 0) && <ModelComparisonView sessionId={sessionId} message={message} stored={stored} busy={busy} />}
      </Suspense>
    </>
  );
}
