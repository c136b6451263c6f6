import { useId, useRef } from 'react';
import type { WireExchange } from '../../domain/wire-exchange';
import { useModal } from '../shared/use-modal';
import { CompareRequests, type CompareChoice } from './compare-requests';
import { WireRequestView } from './wire-request-view';
import { NothingKeptNote, WireResponseView } from './wire-response-view';
import './wire.css';

type Props = {
  /**
   * The attempts of one model turn (a retried turn has several), or the one exchange of a tool call, oldest first;
   * undefined while they are read (the dialog opens at once and says so: a big answer's first read takes a while).
   */
  exchanges: readonly WireExchange[] | undefined;
  /** Other requests "Compare requests" offers; absent, it is not offered. */
  compareWith?: readonly CompareChoice[];
  onClose: () => void;
};

function Attempt({ exchange, nested }: { exchange: WireExchange; nested: boolean }) {
  return (
    <>
      <WireRequestView request={exchange.request} nested={nested} />
      <WireResponseView exchange={exchange} nested={nested} />
    </>
  );
}

/**
 * Dialog "Request and response" (docs/wire-capture.md): every byte a turn or a tool call sent and got back, each
 * attempt in turn, with the commands that send the request again and the comparison with another request.
 */
export default function RequestResponseDialog({ exchanges, compareWith, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModal(ref);
  const last = exchanges?.at(-1);
  return (
    <dialog ref={ref} className="wire-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>Request and response</h2>
      {exchanges === undefined && <p role="status">Reading what was captured…</p>}
      {exchanges?.length === 0 && <NothingKeptNote />}
      {exchanges?.length === 1 && last && <Attempt exchange={last} nested={false} />}
      {exchanges !== undefined &&
        exchanges.length > 1 &&
        exchanges.map((exchange, i) => (
          <section
            key={exchange.id}
            role="group"
            aria-label={`Attempt ${i + 1} of ${exchanges.length}`}
            className="wire-attempt"
          >
            <h3>
              Attempt {i + 1} of {exchanges.length}
            </h3>
            <Attempt exchange={exchange} nested />
          </section>
        ))}
      {compareWith && last && <CompareRequests request={last.request} choices={compareWith} />}
      <div className="dialog-actions">
        <button type="button" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
