import { useMcpAppViews } from '../../../store/mcp/mcp-face';

/** What a View asked that waits on the person: a tool call that needs approval, a message for the chat. */
export function AppViewAsks({ callId }: { callId: string }) {
  // The whole list is selected and filtered here: a selector returning a new array each time never settles.
  const asks = useMcpAppViews((s) => s.asks).filter((a) => a.callId === callId);
  return (
    <>
      {asks.map((a) =>
        a.kind === 'approve-call' ? (
          <div key={a.id} className="approval-card" role="group" aria-label={`The view wants to call ${a.toolName}`}>
            <p>
              The view wants to call <strong>{a.toolName}</strong>:
            </p>
            <pre aria-label="View call arguments">{JSON.stringify(a.args, null, 2)}</pre>
            <button type="button" onClick={() => a.answer(true)}>
              Allow view call
            </button>{' '}
            <button type="button" onClick={() => a.answer(false)}>
              Deny view call
            </button>
          </div>
        ) : (
          <div key={a.id} className="approval-card" role="group" aria-label="The view wants to send a message">
            <p>The view wants to send this message to the chat:</p>
            <pre aria-label="View message">{a.text}</pre>
            <button type="button" onClick={() => a.answer(true)}>
              Send view message
            </button>{' '}
            <button type="button" onClick={() => a.answer(false)}>
              Don't send
            </button>
          </div>
        ),
      )}
    </>
  );
}
