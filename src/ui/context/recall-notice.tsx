import { useSyncExternalStore } from 'react';
import { recallNotices } from '../../context/recall-notices';

/** Says how the last run recalled memories, and why when keywords stood in for embeddings. */
export function RecallNotice({ sessionId }: { sessionId: string }) {
  const notice = useSyncExternalStore(recallNotices.subscribe, () => recallNotices.get(sessionId));
  if (!notice || (notice.mode === 'embedding' && notice.count === 0)) return null;
  return (
    <p className="hint recall-notice" role="status" data-mode={notice.mode}>
      {notice.count === 1 ? '1 memory' : `${notice.count} memories`} recalled
      {notice.mode === 'keyword' ? ` by keyword matching. ${notice.reason ?? ''}` : ' by embedding similarity.'}
    </p>
  );
}
