import { useId } from 'react';
import { shareText, type LedgerSource } from '../../context/context-ledger';
import type { LedgerView } from '../data/context/use-context-ledger';

const n = (tokens: number) => tokens.toLocaleString('en-US');

const TOOL_KINDS = {
  builtin: 'Built-in tools',
  http: 'HTTP tools',
  code: 'Code tools',
  custom: 'Your tools',
  provider: 'Provider tools',
} as const;

/** A row's name (docs/accessible-names.md): an MCP server's tools under the name the app gives the server. */
function ledgerRowName(source: LedgerSource): string {
  switch (source.kind) {
    case 'system':
      return 'System prompt';
    case 'tools':
      return `Tool definitions: ${source.from === 'mcp' ? source.serverName : TOOL_KINDS[source.from]}`;
    case 'history':
      return 'History';
    case 'tool-results':
      return 'Tool results';
    case 'input':
      return "This turn's input";
  }
}

/** Says how the figures were counted, so an estimate is never read as the tokenizer's count. */
function countedHow(ledger: LedgerView): string {
  if (ledger.exact && ledger.encoding)
    return `Counted with the model's tokenizer (${ledger.encoding}) on the request as it was sent.`;
  if (!ledger.encoding) return 'Estimated at about four characters a token: the app has no tokenizer for this model.';
  return "Estimated where the model's tokenizer has not counted yet.";
}

/**
 * The markup of table "Context" (context-ledger-table.tsx reads the ledger; docs/debugging.md, "Context ledger"),
 * apart from storage and styles so `bench/context-ledger.ts` can time its render.
 */
export function LedgerTable({ ledger }: { ledger: LedgerView }) {
  const id = useId();
  return (
    <>
      <h3 id={id}>Context</h3>
      <table className="ledger-table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Tokens</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {ledger.rows.map((r, i) => (
            // The rows of one request never reorder, and two MCP servers may share a name: the index is the key.
            <tr key={i}>
              <th scope="row">{ledgerRowName(r.source)}</th>
              <td>{n(r.tokens)}</td>
              <td>{shareText(r.share)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{n(ledger.total)}</td>
            <td>{shareText(ledger.total > 0 ? 1 : 0)}</td>
          </tr>
          {ledger.reported !== null && (
            <tr>
              <th scope="row">Provider reported</th>
              <td>{n(ledger.reported)}</td>
              <td />
            </tr>
          )}
          {ledger.window && (
            <tr>
              <th scope="row">Context window</th>
              <td>{n(ledger.window.tokens)}</td>
              <td>{`${shareText(ledger.window.used)} used`}</td>
            </tr>
          )}
        </tfoot>
      </table>
      <p className="ledger-note">{countedHow(ledger)}</p>
    </>
  );
}
