import type { ToolKind } from '../../domain/tool-definition';
import type { ImportAnalysis } from '../../io/import/import-plan';
import type { ImportPreview } from '../../io/import/import-protocol';

const KIND_LABEL: Record<ToolKind, string> = { code: 'Code', http: 'HTTP', builtin: 'Built-in' };

/** A long list costs a long render and tells the user nothing more. */
const LISTED_TOOLS = 50;

/** What each tool in the file would do, and which ones are refused and why: nothing arrives unseen. */
export function ImportToolsReview({ preview, analysis }: { preview: ImportPreview; analysis: ImportAnalysis }) {
  const identical = new Set(analysis.identicalTools);
  const arriving = preview.tools.filter((t) => !identical.has(t.name)).length;
  return (
    <>
      {preview.tools.length > 0 && (
        <ul aria-label="Tools in the file" className="io-list">
          {preview.tools.slice(0, LISTED_TOOLS).map((t) => (
            <li key={t.name}>
              {t.name}{' '}
              <span className="hint">
                ({KIND_LABEL[t.kind]}: {t.reaches};{' '}
                {t.needsApproval ? 'asks for approval before each call' : 'runs without asking'}
                {identical.has(t.name) ? '; same as the stored one, left as it is' : ''})
              </span>
            </li>
          ))}
          {preview.tools.length > LISTED_TOOLS && (
            <li className="hint">…and {preview.tools.length - LISTED_TOOLS} more</li>
          )}
        </ul>
      )}
      {arriving > 0 && (
        <p className="hint">
          Imported tools arrive switched off: look each one over in Tools and turn on the ones you trust.
        </p>
      )}
      {preview.refusedTools.length > 0 && (
        <div className="io-warning">
          <p>
            {preview.refusedTools.length === 1 ? 'This tool is' : 'These tools are'} not imported, because the tool
            editor would refuse {preview.refusedTools.length === 1 ? 'it' : 'them'}:
          </p>
          <ul aria-label="Refused tools" className="io-issues">
            {preview.refusedTools.slice(0, LISTED_TOOLS).map((t) => (
              <li key={t.path}>
                “{t.name.length > 80 ? `${t.name.slice(0, 80)}…` : t.name}” (<code>{t.path}</code>):{' '}
                {t.problems.join(' ')}
              </li>
            ))}
            {preview.refusedTools.length > LISTED_TOOLS && (
              <li className="hint">…and {preview.refusedTools.length - LISTED_TOOLS} more</li>
            )}
          </ul>
        </div>
      )}
    </>
  );
}
