import './provider-tools.css';
import type { Citation, ProviderItem, ProviderToolCall } from '../../domain/provider-items';
import { LongText } from '../shared/long-text';
import { formatDuration } from './tool-row-summary';
import { safeSourceUrl } from './safe-source-url';

const TOOL_NAMES: Record<string, string> = {
  web_search: 'Web search',
  code_interpreter: 'Code interpreter',
  file_search: 'File search',
};

/** The provider-run tool calls among a message's provider items (reasoning and compaction are never shown here). */
export function providerToolsOf(items: readonly ProviderItem[] | undefined): ProviderToolCall[] {
  return (items ?? []).filter((i): i is ProviderToolCall => i.kind === 'provider_tool');
}

/**
 * Tools the provider ran for this reply (Responses API): shown apart from the tools this browser runs, with status,
 * duration, input and output. All of it came from the provider, so it is shown as text, never as Markdown or HTML.
 */
export function ProviderToolCards({ calls }: { calls: readonly ProviderToolCall[] }) {
  if (calls.length === 0) return null;
  return (
    <>
      {calls.map((c) => (
        <div
          key={c.id}
          className="tool-card provider-tool-card"
          role="group"
          aria-label={`Run by the provider: ${c.name}`}
          data-run-by="provider"
          data-item-id={c.id}
        >
          <div className="tool-card-head">
            <strong>{TOOL_NAMES[c.name] ?? c.name}</strong>
            <span className="provider-badge">run by the provider</span>
            <span className={`status status-provider-${c.status.replace(/[^a-z_]/gi, '')}`}>
              {c.status.replace(/_/g, ' ')}
            </span>
            {c.durationMs !== undefined && <span className="hint">{formatDuration(c.durationMs)}</span>}
          </div>
          {c.input && <LongText text={c.input} format="plain" as="pre" label="Input" />}
          {c.output && <LongText text={c.output} format="plain" as="pre" label="Output" />}
        </div>
      ))}
    </>
  );
}

/**
 * The sources an answer cites. A web source is a link only when its address is http(s); it opens in a new tab with
 * no referrer and no access to this page. Anything else (a file id, an address of another scheme) is plain text.
 */
export function CitationList({ citations }: { citations: readonly Citation[] | undefined }) {
  if (!citations || citations.length === 0) return null;
  return (
    <section className="citations" aria-label="Sources">
      <span className="hint">Sources</span>
      <ol>
        {citations.map((c, i) => {
          const href = c.kind === 'url' ? safeSourceUrl(c.ref) : null;
          const title = c.title || c.ref;
          return (
            <li key={`${c.kind}:${c.ref}:${i}`} data-citation-kind={c.kind}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer">
                  {title}
                </a>
              ) : (
                <span>{title}</span>
              )}
              {c.kind !== 'url' && <span className="hint"> (file {c.ref})</span>}
              {c.kind === 'url' && !href && <span className="hint"> (not a web address: {c.ref})</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
