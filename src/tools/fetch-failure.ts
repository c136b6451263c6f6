/*
 * Why a fetch from the page failed, in words a person can act on. A browser reports a CORS refusal and an
 * unreachable server as the same TypeError; these messages say which one it was and what to do.
 */

/** When the failure cannot be pinned down (the probe below did not finish), say both and what to do. */
function networkFailureMessage(origin: string, err: unknown): string {
  return (
    `The request to ${origin} failed before a response could be read (${thrownMessage(err)}). ` +
    'Either the server could not be reached, or it does not allow requests from a web page (CORS): the browser ' +
    "hides the response unless the API sends Access-Control-Allow-Origin for this page's origin. " +
    'Check the URL, then use an API that allows browser origins (a CORS-enabled endpoint) or a proxy you control.'
  );
}

function corsRefusalMessage(origin: string): string {
  return (
    `${origin} answered, but the browser refused to hand the response to this page: a CORS refusal. The server does ` +
    "not send Access-Control-Allow-Origin for this page's origin (or rejects the preflight for this method or " +
    'these headers), and a web page cannot switch that check off. Use an API that allows browser origins (a ' +
    'CORS-enabled endpoint), ask its owner to allow this origin, or put a proxy you control in front of it that adds the header.'
  );
}

function unreachableMessage(origin: string, err: unknown): string {
  return (
    `Network error: ${origin} could not be reached (${thrownMessage(err)}). The server may be down, the host or port ` +
    'may be wrong, or the network is offline. Check the URL and that the server is running, then try again.'
  );
}

const PROBE_TIMEOUT_MS = 5_000;

type FetchFailure = { failure: 'network' | 'cors'; message: string };

/**
 * An opaque `no-cors` HEAD request tells a CORS refusal from an unreachable server: it resolves when the server
 * answered at all (so CORS was the refusal) and rejects when nothing is there. It reads nothing and sends no
 * credentials; HEAD keeps it free of side effects.
 */
export async function explainFetchFailure(
  url: URL,
  err: unknown,
  fetchFn: typeof fetch,
  signal: AbortSignal,
): Promise<FetchFailure> {
  const probe = new AbortController();
  const stop = () => probe.abort();
  const timer = setTimeout(stop, PROBE_TIMEOUT_MS);
  signal.addEventListener('abort', stop, { once: true });
  try {
    await fetchFn(url.href, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: probe.signal,
    });
    return { failure: 'cors', message: corsRefusalMessage(url.origin) };
  } catch {
    return {
      failure: 'network',
      message: probe.signal.aborted ? networkFailureMessage(url.origin, err) : unreachableMessage(url.origin, err),
    };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

export function thrownMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
