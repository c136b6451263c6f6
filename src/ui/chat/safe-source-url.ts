/**
 * A cited address made safe to link to: only http(s), no credentials in it; null for anything else (javascript:,
 * data:, relative or malformed addresses), which the chat then shows as text. The address comes from the model's
 * provider and is untrusted (architecture.md, invariant 5).
 */
export function safeSourceUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}
