import { ModelError } from '../agent/errors';
import type { ApiFormat } from '../domain/session';
import { isAbortError } from './abort';
import { apiSupportSentence, probeApis, type ApiSupportReport } from './api-probe';
import { classifyError, hostOf } from './classify-error';
import { listModels } from './list-models';
import { makeRedactor } from './redact';
import { createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';

type ConnectionProblem =
  | 'bad_key'
  | 'wrong_url'
  | 'cors_or_unreachable'
  | 'no_such_model'
  | 'rate_limited'
  | 'server'
  | 'other';

export type ConnectionVerdict =
  | { ok: true; models: string[]; message: string; apis?: ApiSupportReport }
  | { ok: false; problem: ConnectionProblem; message: string; models: string[]; apis?: ApiSupportReport };

/** `apiFormat`: the API chosen for the endpoint; Anthropic Messages and Gemini are checked on their own model lists. */
type TestConnectionOptions = ConnectionOptions & { model?: string; signal?: AbortSignal; apiFormat?: ApiFormat };

/** Formats whose endpoints serve Chat Completions and Responses side by side, so the probe can say which they accept. */
const probed = (format: ApiFormat | undefined): boolean =>
  format === undefined || format === 'chat' || format === 'responses';

/**
 * The settings screen's "Test connection": lists the endpoint's models (which checks the URL, CORS and,
 * on most providers, the key) and then looks for the chosen model. Answers in plain words.
 * Rejects only with an AbortError; every other outcome is a verdict.
 */
export async function testConnection(options: TestConnectionOptions): Promise<ConnectionVerdict> {
  const baseURL = normalizeBaseURL(options.baseURL);
  const host = hostOf(baseURL);
  let models: string[];
  try {
    models = await listModels(options);
    // OpenRouter lists models without looking at the key, so ask it about the key itself.
    if (host === 'openrouter.ai' && probed(options.apiFormat)) await checkOpenRouterKey(options, baseURL);
  } catch (err) {
    if (isAbortError(err)) throw err;
    return failure(err, options, host);
  }
  // Reached: which of the OpenAI wire formats does it serve? Asked without running a model (llm/api-probe.ts).
  let apis: ApiSupportReport | undefined;
  if (probed(options.apiFormat)) {
    try {
      apis = await probeApis(options);
    } catch (err) {
      if (isAbortError(err)) throw err;
      apis = { chat: 'unknown', responses: 'unknown' };
    }
  }
  const apiNote = apis ? apiSupportSentence(apis) : '';
  const model = options.model?.trim() ?? '';
  if (model !== '' && models.length > 0 && !models.includes(model)) {
    const examples = models.slice(0, 5).join(', ');
    return {
      ok: false,
      problem: 'no_such_model',
      models,
      ...(apis ? { apis } : {}),
      message:
        `Connected to ${host}, but it has no model named "${model}". It offers ${models.length} model${models.length === 1 ? '' : 's'}, ` +
        `for example: ${examples}.${apiNote ? ` ${apiNote}` : ''}`,
    };
  }
  const modelNote =
    model === ''
      ? ''
      : models.length === 0
        ? ` It listed no models, so "${model}" could not be checked.`
        : ` Model "${model}" is available.`;
  const message = `Connected to ${host}.${modelNote}${apiNote ? ` ${apiNote}` : ''}`;
  return { ok: true, models, ...(apis ? { apis } : {}), message };
}

async function checkOpenRouterKey(options: TestConnectionOptions, baseURL: string): Promise<void> {
  const sdk = createSdk(options);
  try {
    await sdk.get('/key', options.signal ? { signal: options.signal } : {});
  } catch (err) {
    throw classifyError(err, {
      baseURL,
      operation: 'models',
      redact: makeRedactor(options.apiKey),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
}

function failure(err: unknown, options: TestConnectionOptions, host: string): ConnectionVerdict {
  const verdict = (problem: ConnectionProblem, message: string): ConnectionVerdict => ({
    ok: false,
    problem,
    message,
    models: [],
  });
  if (!(err instanceof ModelError))
    return verdict('other', `The check failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  const info = err.info;
  switch (info.kind) {
    case 'auth':
      return verdict(
        'bad_key',
        options.apiKey.trim() === ''
          ? `${host} needs an API key. Enter your key above.`
          : `${host} rejected the API key (HTTP ${info.status}). Check that you pasted the whole key and that it belongs to this provider.`,
      );
    case 'cors_or_unreachable':
      return verdict('cors_or_unreachable', info.message);
    case 'bad_request':
      return info.status === 404 || info.status < 300
        ? verdict('wrong_url', info.message)
        : verdict('other', info.message);
    case 'rate_limited':
      return verdict('rate_limited', info.message);
    case 'server':
    case 'timeout':
      return verdict('server', info.message);
    default:
      return verdict('other', info.message);
  }
}
