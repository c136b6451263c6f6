import type { ChatMessage } from '../../domain/messages';
import { RememberButton } from '../memory/remember-button';
import { SentPrompt } from './sent-prompt';

/** Per-message extras for memories and context: save to memory, and for assistant turns the prompt that was sent. */
export function MessageActions({ sessionId, message }: { sessionId: string; message: ChatMessage }) {
  if (message.role !== 'user' && message.role !== 'assistant') return null;
  if (message.role === 'assistant' && message.status === 'streaming') return null;
  return (
    <div className="message-actions">
      <RememberButton text={message.content} sessionId={sessionId} />
      {message.role === 'assistant' && <SentPrompt runId={message.runId} messageId={message.id} />}
    </div>
  );
}
