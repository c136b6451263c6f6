import type { SyncView } from '../../sync/sync-service';

function when(ms: number | null): string {
  return ms === null ? 'never' : new Date(ms).toLocaleString();
}

function folderText(f: NonNullable<SyncView['folder']>): string {
  if (f.access !== 'granted')
    return `“${f.name}”: the browser asks again before writing there; use “Back up to folder” to allow it.`;
  return `“${f.name}”, last written ${when(f.lastWrittenAt)}.`;
}

/** "Sync status": what happened last, in words; busy while a round runs; a CORS refusal with the configuration. */
export function SyncStatusRegion({ view }: { view: SyncView }) {
  return (
    <div role="status" aria-label="Sync status" aria-busy={view.busy} className="sync-status" data-rounds={view.rounds}>
      <p>
        {view.message}
        {view.progress && ` ${view.progress.done} of ${view.progress.total} parts.`}
      </p>
      {view.problem && (
        <div className="sync-problem">
          <p className="error-text">{view.problem.text}</p>
          {view.problem.snippets.map((s) => (
            <figure key={s.server}>
              <figcaption>
                {s.server === 's3'
                  ? 'S3 bucket CORS rules'
                  : s.server === 'apache'
                    ? 'Apache'
                    : s.server === 'nginx'
                      ? 'nginx'
                      : 'Nextcloud'}
              </figcaption>
              <pre className="sync-snippet">{s.text}</pre>
            </figure>
          ))}
        </div>
      )}
      <dl className="sync-facts">
        <dt>Storage</dt>
        <dd>
          {view.storage ? `${view.storage.kind === 's3' ? 'S3-compatible' : 'WebDAV'}: ${view.storage.url}` : 'none'}
        </dd>
        <dt>Last sync</dt>
        <dd>{when(view.lastSyncAt)}</dd>
        <dt>Pending</dt>
        <dd>{view.pending === 0 ? 'nothing' : `${view.pending} changes`}</dd>
        <dt>Devices</dt>
        <dd>
          {view.devices.length === 0
            ? 'this one'
            : view.devices.map((d) => (d === view.deviceId ? `${d} (this one)` : d)).join(', ')}
        </dd>
        {view.folder && (
          <>
            <dt>Folder backup</dt>
            <dd>{folderText(view.folder)}</dd>
          </>
        )}
        <dt>This browser</dt>
        <dd>
          {view.persisted === true
            ? 'keeps this data (persistent storage).'
            : view.persisted === false
              ? 'may clear this data when space runs low: keep a backup.'
              : 'does not say whether it may clear this data.'}
        </dd>
      </dl>
    </div>
  );
}
