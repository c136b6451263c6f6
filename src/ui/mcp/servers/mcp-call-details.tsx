import {
  mcpProgressText,
  wireMessageKind as messageKind,
  wireRounds,
  type McpProgress,
  type McpServerRef,
  type McpWireMessage,
} from '../../../domain/mcp-call-trace';
import { formatMs } from '../../../timeline/format';
import type { CallModel } from '../../../timeline/model';
import { LongText } from '../../shared/long-text';

function prettyJson(text: string): string {
  if (text.length > 256_000) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * An MCP call's server and protocol revision, and its JSON-RPC messages round by round (architecture.md, "MCP in
 * the app"). The messages are the server's words: shown as text only.
 */
export function McpCallDetails({ call }: { call: CallModel }) {
  const server = call.mcpServer;
  if (server === undefined) return null;
  return (
    <McpWireDetails
      server={server}
      messages={call.mcpMessages ?? []}
      {...(call.mcpProgress !== undefined ? { progress: call.mcpProgress } : {})}
    />
  );
}

/** The same view for a call that is not on a timeline (Try it in the Tools view). */
export function McpWireDetails({
  server,
  messages,
  progress,
}: {
  server: McpServerRef;
  messages: readonly McpWireMessage[];
  progress?: McpProgress;
}) {
  const rounds = wireRounds(messages);
  return (
    <section aria-label="MCP call">
      <h4>MCP server</h4>
      <dl className="tl-dl">
        <div>
          <dt>Server</dt>
          <dd>{server.serverName}</dd>
        </div>
        <div>
          <dt>Protocol revision</dt>
          <dd>{server.protocolRevision}</dd>
        </div>
        {progress !== undefined && (
          <div>
            <dt>Last progress</dt>
            <dd>{mcpProgressText(progress)}</dd>
          </div>
        )}
      </dl>
      <h4>JSON-RPC messages</h4>
      {rounds.length === 0 ? (
        <p>No messages recorded.</p>
      ) : (
        rounds.map((round, r) => (
          <section key={r} aria-label={`Round ${r + 1}`} className="tl-mcp-round">
            <h5>
              Round {r + 1} of {rounds.length}
            </h5>
            {round.map((m, i) => {
              const label = `Round ${r + 1} ${messageKind(m)}`;
              return (
                <div key={i}>
                  <p className="hint">
                    {m.dir === 'sent' ? '→' : '←'} {messageKind(m)} at {formatMs(m.t)}
                  </p>
                  <LongText
                    text={prettyJson(m.json)}
                    format="plain"
                    as="pre"
                    className="tl-pre"
                    label={label}
                    maxChars={70_000}
                    cutReason="over the display limit"
                  />
                </div>
              );
            })}
          </section>
        ))
      )}
    </section>
  );
}
