import OpenAI from 'openai';
import { isAbortError } from './abort';
import { createSdk, type ConnectionOptions } from './sdk-client';

/** Whether an endpoint serves one wire format: it does, it does not, or the probe could not tell. */
type ApiSupport = 'yes' | 'no' | 'unknown';

export type ApiSupportReport = { chat: ApiSupport; responses: ApiSupport };

/**
 * Asks the endpoint which wire formats it serves without running a model: each route gets an empty body, which a
 * server that has the route refuses as a bad request (400/422: "model is required"), and one without it answers
 * 404 or 405. Nothing is generated, so nothing is billed. Anything else (401, 5xx, a network failure) says nothing
 * about the route and is reported as unknown.
 */
export async function probeApis(options: ConnectionOptions & { signal?: AbortSignal }): Promise<ApiSupportReport> {
  const sdk = createSdk(options);
  const probe = async (path: '/chat/completions' | '/responses'): Promise<ApiSupport> => {
    try {
      await sdk.post(path, { body: {}, ...(options.signal ? { signal: options.signal } : {}) });
      return 'yes';
    } catch (err) {
      if (isAbortError(err) || options.signal?.aborted) throw err;
      return err instanceof OpenAI.APIError ? supportFromStatus(err.status) : 'unknown';
    }
  };
  const [chat, responses] = await Promise.all([probe('/chat/completions'), probe('/responses')]);
  return { chat, responses };
}

export function supportFromStatus(status: number | undefined): ApiSupport {
  if (status === undefined) return 'unknown';
  if (status === 400 || status === 422) return 'yes';
  if (status === 404 || status === 405 || status === 501) return 'no';
  return 'unknown';
}

/** One sentence for Test connection: which APIs the endpoint accepts (empty when the probe learnt nothing). */
export function apiSupportSentence(r: ApiSupportReport): string {
  const yes = [r.chat === 'yes' ? 'Chat Completions' : null, r.responses === 'yes' ? 'Responses' : null].filter(
    (x): x is string => x !== null,
  );
  const no = [r.chat === 'no' ? 'Chat Completions' : null, r.responses === 'no' ? 'Responses' : null].filter(
    (x): x is string => x !== null,
  );
  if (yes.length === 2) return 'It accepts both APIs: Chat Completions and Responses.';
  if (yes.length === 1 && no.length === 1) return `It accepts the ${yes[0]} API only (no ${no[0]} API there).`;
  if (yes.length === 1)
    return `It accepts the ${yes[0]} API; whether it also has the ${yes[0] === 'Responses' ? 'Chat Completions' : 'Responses'} API could not be told.`;
  if (no.length === 2) return 'It answered neither the Chat Completions nor the Responses API at this base URL.';
  return '';
}
