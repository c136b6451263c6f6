import type { ErrorInfo, InternalStep } from '../../domain/error-info';

type ErrorCopy = {
  title: string;
  /** Extra advice beyond the error's own message. */
  advice: string | null;
  action: 'settings' | 'retry' | 'export' | null;
};

const BROWSER_FRIENDLY = 'OpenAI, OpenRouter, Groq and Together allow requests from web pages.';

/** A request that found no network: only being offline explains it, so the usual CORS and address advice would mislead. */
const OFFLINE: ErrorCopy = {
  title: 'You are offline: the request to the model could not be sent',
  advice: 'Retry once the connection is back. The conversation so far is kept.',
  action: 'retry',
};

/** Whether the failure is the request not getting out at all, which the browser being offline explains. */
export const offlineExplains = (e: ErrorInfo, online: boolean): boolean =>
  !online && (e.kind === 'cors_or_unreachable' || e.kind === 'network');

/** How each failure is put to the person who has to act on it; `online` is the browser's view right now. */
export function errorCopy(e: ErrorInfo, online = true): ErrorCopy {
  if (offlineExplains(e, online)) return OFFLINE;
  switch (e.kind) {
    case 'auth':
      return {
        title: `The API key was not accepted (HTTP ${e.status})`,
        advice: 'Check the key in Settings: the whole key, for this provider.',
        action: 'settings',
      };
    case 'model_not_found':
      return {
        title: `No such model${e.model ? `: ${e.model}` : ''} (HTTP ${e.status})`,
        advice: 'Choose a model this endpoint offers in Settings.',
        action: 'settings',
      };
    case 'cors_or_unreachable':
      return {
        title: 'The endpoint could not be reached from this page',
        advice: `The endpoint must allow browser origins (CORS). ${BROWSER_FRIENDLY} For a local server, enable CORS for this page's origin.`,
        action: 'settings',
      };
    case 'rate_limited':
      return { title: `Rate limited (HTTP ${e.status})`, advice: null, action: 'retry' };
    case 'network':
      return {
        title: 'The network connection was lost',
        advice: 'Check your connection, then retry: the conversation so far is kept.',
        action: 'retry',
      };
    case 'timeout':
      return {
        title:
          e.phase === 'first_byte'
            ? 'The model did not start answering in time'
            : 'The model stopped sending mid-answer',
        advice: null,
        action: 'retry',
      };
    case 'server':
      return { title: `The provider had a problem (HTTP ${e.status})`, advice: null, action: 'retry' };
    case 'provider_stream_error':
      return { title: 'The provider reported an error mid-answer', advice: null, action: 'retry' };
    case 'storage':
      return {
        title: 'Browser storage problem',
        advice: 'Export this session to keep it as a file, including what could not be saved.',
        action: 'export',
      };
    case 'bad_request':
      return { title: `The request was rejected (HTTP ${e.status})`, advice: null, action: 'settings' };
    case 'context_limit':
      return {
        title: 'The conversation is too long for this model',
        advice: 'Start a new session or compact this one.',
        action: null,
      };
    case 'empty_response':
      return { title: 'The model sent an empty answer', advice: null, action: 'retry' };
    case 'content_filter':
      return { title: "The provider's content filter blocked the answer", advice: null, action: null };
    case 'redirect_refused':
      return {
        title: 'The endpoint redirected the request elsewhere',
        advice: 'Nothing was sent to the other address. If you trust it, set it as the base URL in Settings.',
        action: 'settings',
      };
    case 'internal':
      return {
        title: 'Something went wrong inside Toolscope',
        advice:
          `This is a fault in Toolscope, not in your settings or the model. ${KEPT[e.step]} To report ` +
          `it, export this session (Export, then “This session”) and attach the file to your report.`,
        action: 'export',
      };
  }
}

/** What an internal failure left in place, by the step that failed. */
const KEPT: Record<InternalStep, string> = {
  loop: 'The conversation up to the failure is kept, and every tool call in it has an answer.',
  compaction: 'The conversation is kept whole; it was not compacted.',
  start: 'Nothing was sent and the stored conversation is unchanged, but the message you sent was not saved.',
  model_client: 'The conversation up to the failure is kept.',
};

/**
 * The error's message as an alert shows it. A rate-limit message says when it will be retried, as of the
 * moment it was classified: the live alert has its own ticking countdown, and once the run has given up no
 * retry is coming, so that sentence would contradict the alert either way.
 */
export function alertMessage(e: ErrorInfo): string {
  return e.kind === 'rate_limited' ? e.message.replace(/ ?Retrying in \d+ s\./, '') : e.message;
}
