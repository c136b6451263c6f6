import { createHmac, randomBytes } from 'node:crypto';

/** A signature this server minted starts so; anything else came from a recorded stream and is not checked. */
const PREFIX = 'mocksig_';

/**
 * Signatures over what a model thought (Anthropic's thinking text, Gemini's function call), keyed by a secret of this
 * server, so a later request shows whether the client sent back exactly what it was given, as the providers demand
 * of thinking in a tool loop (docs/wire-formats.md, What is kept verbatim).
 */
export type Signer = {
  mint(signed: string): string;
  /** `ok`, `changed` (minted here but not over this content, or edited), or `foreign` (not minted here). */
  check(signature: string, signed: string): 'ok' | 'changed' | 'foreign';
};

export function createSigner(): Signer {
  const secret = randomBytes(32);
  const mint = (signed: string) => PREFIX + createHmac('sha256', secret).update(signed).digest('base64');
  return {
    mint,
    check(signature, signed) {
      if (!signature.startsWith(PREFIX)) return 'foreign';
      return signature === mint(signed) ? 'ok' : 'changed';
    },
  };
}
