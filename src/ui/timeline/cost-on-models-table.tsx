import { useId, useMemo } from 'react';
import { costText } from '../../domain/cost';
import { costOnModels } from '../../domain/cost-on-models';
import type { Usage } from '../../domain/messages';
import { tokensInOut } from '../chat/usage-text';
import { usePriceOverridesLoaded } from '../data/settings/use-price-overrides';
import './ledger-tables.css';

const n = (tokens: number) => tokens.toLocaleString('en-US');

/**
 * The recorded tokens the costs come from, in words, so a reader can check a row by hand: with what of the input was
 * written to and read from the provider's cache, each priced apart (docs/wire-formats.md, "Usage").
 */
function tokensText(u: Usage): string {
  const reasoning = u.reasoningTokens ? `, ${n(u.reasoningTokens)} of them reasoning` : '';
  return (
    `Priced from this run's recorded tokens (${tokensInOut(u)}${reasoning})${u.estimated ? ', some estimated' : ''}; ` +
    'nothing is sent.'
  );
}

/**
 * Table "Cost on other models" of a run's details (architecture.md, "Context ledger"): the run's tokens priced for
 * every model with a price (Settings "Token prices", then the built-in table), cheapest first.
 */
export function CostOnModelsTable({ usage }: { usage: Usage }) {
  const id = useId();
  // Shown once the person's prices are read: a table of the built-in prices alone would be a wrong list for a moment.
  const prices = usePriceOverridesLoaded();
  const rows = useMemo(() => (prices === undefined ? [] : costOnModels(usage, prices)), [usage, prices]);
  if (rows.length === 0) return null;
  return (
    <>
      <h3 id={id}>Cost on other models</h3>
      <table className="ledger-table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.model}>
              <th scope="row">{r.model}</th>
              <td>{costText(r.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ledger-note">{tokensText(usage)}</p>
    </>
  );
}
