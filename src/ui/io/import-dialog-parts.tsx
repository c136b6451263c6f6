import type { ImportProgress } from '../../io/import-client';
import type { ImportFailure, ImportPhase } from '../../io/import-protocol';

const PHASE_LABEL: Record<ImportPhase, string> = {
  reading: 'Reading the file',
  parsing: 'Parsing JSON',
  screening: 'Screening for unsafe content',
  validating: 'Validating against the format',
  integrity: 'Checking the records fit together',
  analyzing: 'Comparing with what is stored',
  writing: 'Writing to the database',
};

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export function ImportProgressView({ progress }: { progress: ImportProgress }) {
  const { phase, done, total } = progress;
  const known = total > 0;
  const detail = !known ? '' : phase === 'reading' ? ` ${mb(done)} of ${mb(total)}` : ` ${done} of ${total} records`;
  return (
    <div className="io-progress">
      <p role="status" aria-live="polite">
        {PHASE_LABEL[phase]}…{detail}
      </p>
      {/* Without a value the bar is indeterminate: parsing and validation have no measurable steps. */}
      <progress aria-label="Import progress" {...(known ? { value: done, max: total } : {})} />
    </div>
  );
}

export function ImportFailureView({ failure }: { failure: ImportFailure }) {
  const issues = 'issues' in failure ? failure.issues : [];
  const more = 'total' in failure ? failure.total - issues.length : 0;
  return (
    <div className="io-failure" role="alert">
      <p>
        <strong>Nothing was imported.</strong> {failure.message}
      </p>
      {failure.stage === 'json' && failure.error.excerpt && (
        <pre className="io-excerpt" aria-label="Where the JSON breaks">
          {failure.error.excerpt}
        </pre>
      )}
      {issues.length > 0 && (
        <ul aria-label="Problems" className="io-issues">
          {issues.map((i, k) => (
            <li key={k}>
              <code>{i.path}</code>: expected {i.expected}
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="hint">…and {more} more.</p>}
    </div>
  );
}
