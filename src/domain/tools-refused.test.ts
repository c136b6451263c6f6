import { describe, expect, it } from 'vitest';
import type { ErrorInfo } from './error-info';
import { refusesTools } from './tools-refused';

const bad = (message: string): ErrorInfo => ({ fault: 'user', kind: 'bad_request', status: 400, message });

describe('refusesTools', () => {
  it('recognises the servers’ ways of saying the model takes no tools', () => {
    expect(
      refusesTools(
        bad(
          '127.0.0.1 rejected the request (HTTP 400). The provider said: registry.ollama.ai/library/gemma:2b does not support tools',
        ),
      ),
    ).toBe(true);
    expect(
      refusesTools(bad('rejected (HTTP 400). The provider said: Tool calling is not supported for this model')),
    ).toBe(true);
    expect(
      refusesTools(
        bad(
          'rejected (HTTP 400). The provider said: "auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
        ),
      ),
    ).toBe(true);
    expect(
      refusesTools({
        fault: 'system',
        kind: 'provider_stream_error',
        status: 400,
        code: null,
        message: 'This model does not support function calling.',
      }),
    ).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(refusesTools(bad('rejected the request (HTTP 400). The provider said: messages must not be empty'))).toBe(
      false,
    );
    expect(refusesTools({ fault: 'system', kind: 'server', status: 500, message: 'does not support tools' })).toBe(
      false,
    );
    expect(refusesTools({ fault: 'user', kind: 'auth', status: 401, message: 'Check your API key' })).toBe(false);
  });
});
