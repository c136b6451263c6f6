import { lazy, Suspense } from 'react';
import type { AssistantMessage } from '../../domain/messages';
import { useComparisonRuns } from '../../store/session/comparison-runs';
import { useStepComparisons } from '../data/use-step-comparisons';

// The comparison loads when a step has one, never with the page.
const ModelComparisonView = lazy(() => import('../compare/model-comparison'));

type Props = { sessionId: string; message: AssistantMessage; busy: boolean };

/**
 * A step's model comparison under its assistant message (architecture.md, "Try on other models"): shown while the
 * models answer and, stored with the session, after. "Re-run from here" and "Try on other models" themselves are
 * entries of the message's actions (actions/message-actions.ts).
 */
export function StepComparison({ sessionId, message, busy }: Props) {
  const comparing = useComparisonRuns((s) => s.live[message.id] !== undefined);
  const stored = useStepComparisons(sessionId, message.id);
  if (!comparing && stored.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModelComparisonView sessionId={sessionId} message={message} stored={stored} busy={busy} />
    </Suspense>
  );
}
