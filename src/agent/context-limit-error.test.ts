import { describe, expect, it } from 'vitest';
import { contextLimitFromProvider } from './context-limit-error';

describe('contextLimitFromProvider', () => {
  it("reads OpenAI's context_length_exceeded with both token counts", () => {
    const said =
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130,532 tokens. Please reduce the length of the messages.";
    const info = contextLimitFromProvider(400, 'context_length_exceeded', said);
    expect(info).toMatchObject({
      fault: 'user',
      kind: 'context_limit',
      limitTokens: 128_000,
      estimatedTokens: 130_532,
    });
    expect(info?.message).toMatch(
      /too long for this model's context window \(about 130532 tokens; the model takes 128000\)/,
    );
    expect(info?.message).toContain(`The provider said: ${said}`);
  });

  it('recognises the wording of other servers, with or without a code', () => {
    expect(
      contextLimitFromProvider(
        400,
        null,
        "This endpoint's maximum context length is 131072 tokens. However, you requested about 140000 tokens",
      ),
    ).toMatchObject({
      limitTokens: 131_072,
      estimatedTokens: 140_000,
    });
    expect(
      contextLimitFromProvider(400, 'invalid_request_error', 'prompt is too long: 215000 tokens > 200000 maximum'),
    ).toMatchObject({
      limitTokens: 200_000,
      estimatedTokens: 215_000,
    });
    // Groq says only the code; counts unknown are 0, and the message still explains.
    const groq = contextLimitFromProvider(
      400,
      'context_length_exceeded',
      'Please reduce the length of the messages or completion.',
    );
    expect(groq).toMatchObject({
      limitTokens: 0,
      estimatedTokens: 0,
      message: expect.stringMatching(/^The conversation is too long/),
    });
    // Inside a stream there is no HTTP status.
    expect(contextLimitFromProvider(null, null, 'maximum context length exceeded')?.kind).toBe('context_limit');
  });

  it('leaves other errors alone: an output "Token limit reached", a rate limit on tokens, a 5xx', () => {
    expect(contextLimitFromProvider(400, '400', 'Token limit reached')).toBeNull();
    expect(
      contextLimitFromProvider(429, 'rate_limit_exceeded', 'Request too large: context length of tokens per min'),
    ).toBeNull();
    expect(contextLimitFromProvider(500, 'context_length_exceeded', 'x')).toBeNull();
    expect(contextLimitFromProvider(400, 'invalid_value', "Invalid value for 'temperature'")).toBeNull();
  });
});
