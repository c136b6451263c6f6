import { useId, useMemo } from 'react';
import { isEventStream, responseBodyOf } from '../../domain/wire-body';
import type { WireExchange, WireResponse } from '../../domain/wire-exchange';
import { plural } from '../../domain/plural';
import { HeaderList } from './wire-request-view';
import { WireEventsList } from './wire-events-list';
import { useWireEvents } from './use-wire-events';

const ms = (v: number) => `${Math.round(v)} ms`;

function ResponseBody({ response }: { response: WireResponse }) {
  const body = useMemo(() => responseBodyOf(response), [response]);
  const id = useId();
  return (
    <div className="wire-body-box">
      <label htmlFor={id}>Response body</label>
      {body.encoding === 'base64' && <span className="hint"> (not UTF-8 text: its bytes as base64)</span>}
      <textarea id={id} className="wire-body" readOnly value={body.data} spellCheck={false} rows={10} />
    </div>
  );
}

function Streamed({ response }: { response: WireResponse }) {
  const { events, count, done } = useWireEvents(response);
  return (
    <>
      <p>{done ? plural(count, 'event') : `Reading events… ${count} so far`}</p>
      <WireEventsList events={events} count={count} />
    </>
  );
}

/** Region "Response": status, the headers the browser exposes, time to headers, then the events or the whole body. */
export function WireResponseView({ exchange, nested }: { exchange: WireExchange; nested: boolean }) {
  const response = exchange.response;
  const Heading = nested ? 'h4' : 'h3';
  return (
    <section aria-label="Response" className="wire-response">
      <Heading>Response</Heading>
      {response === undefined ? (
        <p role="note">{exchange.failure ?? 'Nothing came back yet.'}</p>
      ) : (
        <>
          <p className="wire-response-line">
            Status <strong>{response.status}</strong>, headers after {ms(response.headersAtMs)}
            {response.endedAtMs !== undefined ? `, ended after ${ms(response.endedAtMs)}` : ', not ended'}
          </p>
          {exchange.failure && <p role="note">{exchange.failure}</p>}
          {response.droppedBytes !== undefined && response.droppedBytes > 0 && (
            <p role="note">
              Cut here: the last {plural(response.droppedBytes, 'byte')} were not kept (the session's raw traffic
              limit).
            </p>
          )}
          <HeaderList headers={response.headers} label="Response headers" />
          {isEventStream(response) ? <Streamed response={response} /> : <ResponseBody response={response} />}
        </>
      )}
    </section>
  );
}
