import type { ImportProgress } from '../../io/import/import-client';
import type { ImportSummary } from '../../io/import/import-file';
import { DEFAULT_OUTPUT_LIMIT_BYTES } from '../../tools/output-limit';
import type { ImportFailure, ImportPhase } from '../../io/import/import-protocol';
import { plural } from '../../domain/plural';

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
        <pre className="io-excerpt" aria-label="Where the JSON breaks" role="group" tabIndex={0}>
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

const LISTED_NAMES = 10;
/** At most LISTED_NAMES names: a status line is read out whole by screen readers. */
const quoted = (names: string[]) =>
  names
    .slice(0, LISTED_NAMES)
    .map((n) => `“${n.length > 80 ? `${n.slice(0, 80)}…` : n}”`)
    .join(', ') + (names.length > LISTED_NAMES ? ` and ${names.length - LISTED_NAMES} more` : '');

/** The result, with everything the import did differently from the file: renames, kept tools, refusals, secrets. */
export function ImportDoneView({ summary }: { summary: ImportSummary }) {
  return (
    <p role="status">
      Imported {plural(summary.sessionIds.length, 'session')} ({plural(summary.records, 'record')}).
      {Object.entries(summary.renamedTools).map(([from, to]) => ` Tool “${from}” was imported as “${to}”.`)}
      {summary.skippedTools.length > 0 && ` Kept the stored version of: ${summary.skippedTools.join(', ')}.`}
      {summary.writtenTools.length > 0 &&
        ` Imported tools arrive switched off (turn them on in Tools once you have checked them): ${quoted(summary.writtenTools)}.`}
      {summary.cutValues > 0 &&
        ` ${cutSentence(summary.cutValues)} ${summary.cutValues === 1 ? 'was' : 'were'} cut to the ` +
          `${OUTPUT_LIMIT_KB} KB tool output limit, marked “[output truncated: …]”.`}
      {summary.refusedTools.length > 0 &&
        ` Not imported, because the tool editor would refuse them: ${quoted(summary.refusedTools)}.`}
      {summary.droppedSecrets.map(
        (d) =>
          ` Tool “${d.name}” now sends its requests to ${d.to} instead of ${d.from}, so its stored secret ` +
          `for ${d.headers.join(', ')} was deleted: enter it again in Tools.`,
      )}
      {summary.addedPrices.length > 0 && ` Token prices added for ${quoted(summary.addedPrices)}.`}
      {summary.keptPrices.length > 0 && ` Kept your own token price for ${quoted(summary.keptPrices)}.`}
    </p>
  );
}

export const OUTPUT_LIMIT_KB = DEFAULT_OUTPUT_LIMIT_BYTES / 1024;

/** "1 tool result, error or log entry" / "3 tool results, errors or log entries". */
export function cutSentence(n: number): string {
  return n === 1 ? '1 tool result, error or log entry' : `${n} tool results, errors or log entries`;
}
