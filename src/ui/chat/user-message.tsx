import type { ReactNode } from 'react';
import type { UserMessage } from '../../domain/messages';
import { LongText } from '../shared/long-text';
import { MessageImages } from './message-image-list';

/** `children`: the message's footer (its quiet line and actions) and its open edit, inside the article. */
export function UserMessageView({ message, children }: { message: UserMessage; children?: ReactNode }) {
  return (
    <article className="message message-user" aria-label="Your message">
      <div className="message-role">You</div>
      <LongText text={message.content} format="plain" className="message-body" />
      <MessageImages images={message.images} />
      {children}
    </article>
  );
}
