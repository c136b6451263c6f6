import { useId } from 'react';
import { useStoredShareRows } from '../data/share/stored-shares-data';
import { StoredSharesList, useStopSharing } from '../io/stored-shares-list';

/**
 * "Shared links" in "Sync and backup" (architecture.md, "Share links"): every share link this device put on a
 * storage, whichever session it carries, with "Stop sharing". Shown only when there is at least one.
 */
export function SharedLinksSection() {
  const rows = useStoredShareRows();
  const id = useId();
  const { stopping, outcome, stop } = useStopSharing();
  if (rows === undefined || rows.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-shared`} className="sync-shared-links">
      <h3 id={`${id}-shared`}>Shared links</h3>
      <StoredSharesList
        rows={rows}
        labelId={`${id}-shared`}
        withTitle
        withWhere
        stopping={stopping}
        onStop={(sid) => void stop(sid)}
      />
      <p role="status" className="hint">
        {stopping !== null
          ? 'Removing the shared session from your storage…'
          : outcome?.kind === 'done'
            ? outcome.text
            : ''}
      </p>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="warning">
          {outcome.text}
        </p>
      )}
    </section>
  );
}
