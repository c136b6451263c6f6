import { memo } from 'react';
import type { UserMessage as UserMessageT } from '../../domain/messages';
import { LongText } from './long-text';

export const UserMessage = memo(function UserMessage({ message }: { message: UserMessageT }) {
  return (
    <article className="message message-user" aria-label="Your message">
      <div className="message-role">You</div>
      <LongText text={message.content} format="plain" className="message-body" />
    </article>
  );
});
