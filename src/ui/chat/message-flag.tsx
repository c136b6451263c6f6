import type { AssistantStatus } from '../../domain/messages';

const FLAGS: Partial<Record<AssistantStatus, string>> = {
  cancelled: 'Stopped',
  interrupted: 'Interrupted (the page was closed or reloaded)',
  length: 'Cut off: the model hit its output length limit',
  error: 'Failed',
  streaming: 'Being written in another tab…',
};

export function MessageFlag({ status }: { status: AssistantStatus }) {
  const text = FLAGS[status];
  return text ? <span className="message-flag" data-status={status}>{text}</span> : null;
}
