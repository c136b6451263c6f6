import type { AssistantStatus } from '../../domain/messages';

const FLAGS: Partial<Record<AssistantStatus, string>> = {
  cancelled: 'Stopped',
  interrupted: 'Interrupted (the page was closed or reloaded)',
  length: 'Cut off: the model hit its output length limit',
  error: 'Failed',
  streaming: 'Being written in another tab…',
};

/** The words of a message's status flag; null when its status has none. */
export function messageFlagText(status: AssistantStatus): string | null {
  return FLAGS[status] ?? null;
}

export function MessageFlag({ status }: { status: AssistantStatus }) {
  const text = messageFlagText(status);
  return text ? (
    <span className="message-flag" data-status={status}>
      {text}
    </span>
  ) : null;
}
