/** Test-only: links of sessions, and what the shared view shows of a session (to compare a link's with its source). */
import type { ExportedSessionV1, ExportFileV1 } from '../session-file/format-v1';
import { sealShare } from '../share/share-crypto';
import { formatShareLink } from '../share/share-fragment-codec';
import { encodeSharePlaintext, sharePlaintext } from '../share/share-plaintext';

export const PAGE = 'https://example.org/tools/toolscope/?utm=x#/s/abc';

export async function linkFor(file: ExportFileV1, toolResults: boolean, images = true): Promise<string> {
  const { key, sealed } = await sealShare(encodeSharePlaintext(sharePlaintext(file, toolResults, images)));
  return formatShareLink(PAGE, { mode: 'inline', key, sealed });
}

export const hashOf = (link: string) => link.slice(link.indexOf('#'));

/**
 * Each message as the chat draws it (ui/chat/message-by-role.tsx): text, reasoning, status, calls, results,
 * images, the refusal, citations, the tools the provider ran and the edit marks (with what an edit of arguments or
 * of a result replaced), times to the second. Ids are not shown (a share makes new ones): an edit of arguments names
 * its call by its place in the message.
 */
export function shown(entry: ExportedSessionV1): unknown[][] {
  return [...entry.messages]
    .sort((a, b) => a.order - b.order)
    .map((m): unknown[] => {
      const at = Math.round(m.createdAt / 1000);
      switch (m.role) {
        case 'assistant': {
          // An edited request shows as its mark only: what it sent is never in a share (it holds recalled memories).
          const edits = (m.edits ?? []).map((e) =>
            e.kind === 'arguments'
              ? ['arguments', m.toolCalls.findIndex((c) => c.id === e.callId), e.original]
              : e.kind === 'request'
                ? ['request']
                : e,
          );
          const provider = (m.providerItems ?? []).flatMap((p) =>
            p.kind === 'provider_tool' ? [[p.itemType, p.name, p.status, p.input, p.output, p.durationMs]] : [],
          );
          return [
            'assistant',
            m.content,
            m.reasoning,
            m.status,
            m.toolCalls.map((c) => [c.name, c.arguments]),
            m.refusal,
            m.citations ?? [],
            provider,
            edits,
            at,
          ];
        }
        case 'tool':
          return ['tool', m.name, m.content, m.isError, m.outcome, m.images ?? [], m.edits ?? [], at];
        case 'system':
          return ['system', m.content, (m.summaryOf ?? []).length, at];
        case 'user':
          return ['user', m.content, m.images ?? [], at];
      }
    });
}
