import type { Usage } from '../../domain/messages';

export function usageText(u: Usage): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${n(u.totalTokens)} tokens (${n(u.promptTokens)} in, ${n(u.completionTokens)} out)${u.estimated ? ', estimated' : ''}`;
}
