import { useId, useMemo } from 'react';
import { isEventStream, responseBodyOf } from '../../domain/wire-body';
import type { WireExchange, WireResponse } from '../../domain/wire-exchange';
import { plural } from '../../domain/plural';
import { HeaderList } from './wire-request-view';
import { WireEventsList } from './wire-events-list';
import { useWireEvents } from './use-wire-events';
import { useSettingsStore } from '../../store/settings/settings-store';
import { megabytesOf } from '../../domain/raw-traffic-limit';

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

/** Where the kept reads end: what the session's raw traffic limit let go of this response (docs/wire-capture.md). */
function CutNote({ droppedBytes }: { droppedBytes: number }) {
  const limit = useSettingsStore((s) => s.rawTrafficLimitBytes);
  const size =
    droppedBytes < 1024
      ? plural(droppedBytes, 'byte')
      : `${Math.round(droppedBytes / 1024).toLocaleString('en-GB')} KB`;
  return (
    <p role="note">
      Cut here: {size} of this response were not kept (Raw traffic kept per session: {megabytesOf(limit)} MB).
    </p>
  );
}

/**
 * A step with no exchange: the session's limit let it go (the oldest go first once the reads are gone), or there never
 * was one (a trace, a step from before capture).
 */
export function NothingKeptNote() {
  const limit = useSettingsStore((s) => s.rawTrafficLimitBytes);
  return (
    <p className="hint">
      Nothing is kept for this step. A session keeps its raw traffic up to a limit (Raw traffic kept per session:{' '}
      {megabytesOf(limit)} MB) and lets its oldest requests go first past it; a trace holds none.
    </p>
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
          <HeaderList headers={response.headers} label="Response headers" />
          {isEventStream(response) ? <Streamed response={response} /> : <ResponseBody response={response} />}
          {response.droppedBytes !== undefined && response.droppedBytes > 0 && (
            <CutNote droppedBytes={response.droppedBytes} />
          )}
        </>
      )}
    </section>
  );
}
