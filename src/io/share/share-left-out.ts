import type { ExportedSessionV1 } from '../session-file/format-v1';
import { wireHoldsResults, type ExtrasChoice } from './share-extras';
import { MAX_INLINE_LINK_CHARS } from './share-fragment-codec';

const n = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/**
 * What a share of `entry` leaves out that the session has, in words for the "Share link" dialog (docs/files.md,
 * "Share links"), each with its count and why. Empty when the link carries everything the chat shows.
 * `withImagesChars`: how long the link would have been with its images, when they were left out to fit.
 */
export function shareLeftOut(entry: ExportedSessionV1, choice: ExtrasChoice, withImagesChars?: number): string[] {
  let results = 0;
  let toolImages = 0;
  let userImages = 0;
  let providerOutputs = 0;
  let requests = 0;
  let sealed = 0;
  let signedWithResults = 0;
  for (const m of entry.messages) {
    if (m.role === 'user') userImages += m.images?.length ?? 0;
    if (m.role === 'tool') {
      results += 1;
      toolImages += m.images?.length ?? 0;
    }
    if (m.role === 'assistant') {
      for (const p of m.providerItems ?? []) {
        if (p.kind === 'provider_tool') providerOutputs += 1;
        else sealed += 1;
      }
      requests += (m.edits ?? []).filter((e) => e.kind === 'request').length;
      if (m.wireParts && wireHoldsResults(m.wireParts)) signedWithResults += 1;
    }
  }
  const lines: string[] = [];
  if (!choice.toolResults && results + providerOutputs + signedWithResults > 0) {
    const parts = [
      ...(results > 0 ? [n(results, 'tool result', 'tool results')] : []),
      ...(toolImages > 0 ? [n(toolImages, 'image a tool returned', 'images tools returned')] : []),
      ...(providerOutputs > 0
        ? [n(providerOutputs, 'output of a tool the provider ran', 'outputs of tools the provider ran')]
        : []),
      // A reply's signed provider content cannot be cut and stay signed: it goes whole or not at all.
      ...(signedWithResults > 0
        ? [
            n(
              signedWithResults,
              'reply’s signed provider content, which holds them',
              'replies’ signed provider content, which holds them',
            ),
          ]
        : []),
    ];
    lines.push(`${parts.join(', ')}: tick "Include tool results" to carry them.`);
  }
  const images = userImages + (choice.toolResults ? toolImages : 0);
  if (!choice.images && images > 0) {
    const size =
      withImagesChars === undefined
        ? 'an image is far longer than a link holds'
        : `with them the link would be ${withImagesChars.toLocaleString('en')} characters, and a link ` +
          `holds up to ${MAX_INLINE_LINK_CHARS.toLocaleString('en')}`;
    lines.push(
      `${n(images, 'image', 'images')}: ${size}. Connect a storage in "Sync and backup" to share the session with its images.`,
    );
  }
  if (requests > 0) {
    lines.push(
      `What was sent for ${n(requests, 'edited request', 'edited requests')}, and what it replaced: ` +
        `a request holds the system prompt and recalled memories, which a link never carries. The mark "edited" stays.`,
    );
  }
  if (sealed > 0) {
    lines.push(
      `${n(sealed, 'reasoning or compaction item', 'reasoning and compaction items')} sealed by the ` +
        `provider: only the provider can read them. The reasoning text stays.`,
    );
  }
  return lines;
}
