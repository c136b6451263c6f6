import { memo } from 'react';
import type { UserMessage } from '../../domain/messages';
import { LongText } from './long-text';
import { MessageImages } from './message-images';

export const UserMessageView = memo(function UserMessageView({ message }: { message: UserMessage }) {
  return (
    <article className="message message-user" aria-label="Your message">
      <div className="message-role">You</div>
      <LongText text={message.content} format="plain" className="message-body" />
      <MessageImages images={message.images} />
    </article>
  );
});
