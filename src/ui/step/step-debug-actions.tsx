import { lazy, Suspense } from 'react';
import type { AssistantMessage } from '../../domain/messages';
import { useComparisonRuns } from '../../store/step/try-on-models-runs';
import { useStepComparisons } from '../data/step/use-step-comparisons';

// The comparison loads when a step has one, never with the page.
const ModelComparisonView = lazy(() => import('./model-answers'));

type Props = { sessionId: string; message: AssistantMessage; busy: boolean };

/**
 * A step's model comparison under its assistant message (architecture.md, "Try on other models"): stored with the
 * session as it starts, each answer as it comes in. Under a reply taken from a comparison ("Continue with <model>"),
 * what that switched. "Re-run from here" and "Try on other models" themselves are entries of the message's actions
 * (actions/message-actions.ts).
 */
export function StepComparison({ sessionId, message, busy }: Props) {
  const continued = useComparisonRuns((s) => s.continued[message.id]);
  const stored = useStepComparisons(sessionId, message.id);
  return (
    <>
      {continued && (
        <p role="status" className="comparison-continued">
          {continued}
        </p>
      )}
      {stored.length > 0 && (
        <Suspense fallback={null}>
          <ModelComparisonView sessionId={sessionId} message={message} stored={stored} busy={busy} />
        </Suspense>
      )}
    </>
  );
}
