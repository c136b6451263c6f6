import type { SyncConflict } from '../../sync/conflicts';

const WHAT: Record<string, string> = { sessions: 'Session title', memories: 'Memory', tools: 'Tool description' };

/** Text a person wrote that lost to a concurrent edit elsewhere: the badge shows the other version. */
export function SyncConflicts({ conflicts }: { conflicts: readonly SyncConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <section aria-label="Conflicts" className="sync-conflicts">
      <h3>Conflicts</h3>
      <ul>
        {conflicts.map((c) => (
          <li key={c.key}>
            {WHAT[c.table] ?? c.table}: “{c.current}”{' '}
            <details className="sync-badge">
              <summary>Edited on another device</summary>
              <p>Other version: “{c.other}”</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
