import { useId, useMemo, useState } from 'react';
import type { WireBody, WireHeader, WireRequest } from '../../domain/wire-exchange';
import { curlCommand, fetchCommand, secretPrefix } from '../../io/wire-commands';

/** A header as the dialog shows it: a secret one by the variable that stands for it, marked hidden. */
function shownHeader(header: WireHeader): string {
  if (!header.secret) return `${header.name}: ${header.value}`;
  return `${header.name}: ${secretPrefix(header)}$${header.secret.variable} (hidden)`;
}

export function HeaderList({ headers, label }: { headers: readonly WireHeader[]; label: string }) {
  if (headers.length === 0) return <p className="hint">No headers.</p>;
  return (
    <ul className="wire-headers" aria-label={label}>
      {headers.map((h, i) => (
        <li key={i}>{shownHeader(h)}</li>
      ))}
    </ul>
  );
}

/** The body as text; with `pretty`, JSON laid out on lines (a body that is not JSON stays as sent). */
function bodyText(body: WireBody, pretty: boolean): string {
  if (body.encoding === 'base64' || !pretty) return body.data;
  try {
    return JSON.stringify(JSON.parse(body.data), null, 2);
  } catch {
    return body.data;
  }
}

function RequestBody({ body }: { body: WireBody | null }) {
  const [pretty, setPretty] = useState(false);
  const id = useId();
  const text = useMemo(() => (body === null ? '' : bodyText(body, pretty)), [body, pretty]);
  if (body === null) return <p className="hint">No body.</p>;
  return (
    <div className="wire-body-box">
      <label htmlFor={id}>Request body</label>{' '}
      {body.encoding === 'base64' ? (
        <span className="hint">(not UTF-8 text: its bytes as base64)</span>
      ) : (
        <label>
          <input type="checkbox" checked={pretty} onChange={(e) => setPretty(e.target.checked)} /> Pretty
        </label>
      )}
      <textarea id={id} className="wire-body" readOnly value={text} spellCheck={false} rows={10} />
    </div>
  );
}

type Copied = { command: string; note: string };

/** "Copy as curl" and "Copy as fetch": the command goes to the clipboard and into textbox "Command" to read. */
function CopyCommands({ request }: { request: WireRequest }) {
  const [copied, setCopied] = useState<Copied | null>(null);
  const copy = async (command: string) => {
    setCopied({ command, note: '' });
    try {
      await navigator.clipboard.writeText(command);
      setCopied({ command, note: 'Copied. Set the variables it names ($…) before running it.' });
    } catch {
      setCopied({ command, note: 'The browser did not let the page copy. Select the command and copy it yourself.' });
    }
  };
  return (
    <div className="wire-commands">
      <div className="dialog-actions">
        <button type="button" onClick={() => void copy(curlCommand(request))}>
          Copy as curl
        </button>
        <button type="button" onClick={() => void copy(fetchCommand(request))}>
          Copy as fetch
        </button>
      </div>
      {copied && (
        <>
          <textarea
            className="wire-command"
            aria-label="Command"
            readOnly
            value={copied.command}
            spellCheck={false}
            rows={8}
          />
          <p role="status">{copied.note}</p>
        </>
      )}
    </div>
  );
}

/** Region "Request": method, URL, headers with secrets hidden, "Request body" exactly as sent, the commands. */
export function WireRequestView({ request, nested }: { request: WireRequest; nested: boolean }) {
  const Heading = nested ? 'h4' : 'h3';
  return (
    <section aria-label="Request" className="wire-request">
      <Heading>Request</Heading>
      <p className="wire-request-line">
        <strong>{request.method}</strong> <code>{request.url}</code>
      </p>
      <HeaderList headers={request.headers} label="Request headers" />
      <RequestBody body={request.body} />
      <CopyCommands request={request} />
    </section>
  );
}
