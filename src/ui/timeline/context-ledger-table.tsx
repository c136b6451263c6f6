import { useContextLedger } from '../data/context/use-context-ledger';
import { LedgerTable } from './ledger-table-view';
import './ledger-tables.css';

/**
 * Table "Context" of a model turn's details (architecture.md, "Context ledger"): what filled the request, by source,
 * with each row's tokens and share; under the rows their total, the provider's own count when it reported one, and
 * the model's window when it is known.
 */
export function ContextLedgerTable({
  sessionId,
  messageId,
  reported,
}: {
  sessionId: string;
  messageId: string;
  reported: number | null;
}) {
  const ledger = useContextLedger(sessionId, messageId, reported);
  if (!ledger) return null;
  return <LedgerTable ledger={ledger} />;
}
