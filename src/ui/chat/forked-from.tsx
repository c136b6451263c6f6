import type { ForkSource } from '../../domain/session';
import { useSession } from '../data/session/use-session';
import { showInChat } from '../shared/chat-link';

/** The way back from a fork to the session (and message) it was made from; says so when that session is gone. */
export function ForkedFrom({ source }: { source: ForkSource }) {
  const original = useSession(source.sessionId);
  if (!original) return <p className="forked-from">Forked from “{source.title}” (that session no longer exists)</p>;
  return (
    <p className="forked-from">
      <button
        type="button"
        className="link"
        onClick={() => showInChat({ sessionId: source.sessionId, messageId: source.messageId, callId: null })}
      >
        Forked from {original.title}
      </button>
    </p>
  );
}
