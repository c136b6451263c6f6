import { CONTEXT_HARD_FRACTION } from '../../context/budget';

/** What happens next, in the person's terms: summarised before the next request, or refused if even that cannot fit. */
export function warningText(fraction: number): string {
  if (fraction >= 1) {
    return (
      "The conversation is larger than this model's context window: the next request first summarises " +
      'older turns, and stops with a context-limit error if it still cannot fit. Compact now, or ' +
      'raise the context limit in Settings if the model allows more.'
    );
  }
  if (fraction >= CONTEXT_HARD_FRACTION)
    return "The conversation has reached 95 % of this model's context window: older turns are summarised before the next request.";
  return "The conversation is close to this model's context window; older turns will be summarised automatically at 95 %.";
}
