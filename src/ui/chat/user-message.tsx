import { memo } from 'react';
import type { UserMessage as UserMessageT } from '../../agent/messages';

export const UserMessage = memo(function UserMessage({ message }: { message: UserMessageT }) {
  return (
    <article className="message message-user" aria-label="Your message">
      <div className="message-role">You</div>
      <div className="message-body">{message.content}</div>
    </article>
  );
});
