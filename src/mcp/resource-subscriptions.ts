/**
 * Keeping an attached resource fresh (architecture.md, "MCP prompts, resources and sampling"): a 2025-11-25 server is asked with
 * `resources/subscribe` and answers with `notifications/resources/updated` on its event stream; a 2026-07-28
 * server gets one `subscriptions/listen` stream per resource, filtered to that URI. Either way the update reaches
 * the same notification handler (the session routes it here), and the person's callback re-reads the resource.
 */
import type { Client } from '@modelcontextprotocol/client';

type ResourceUpdateListener = () => void;
/** Ends the subscription; the server is told (unsubscribe, or the listen stream cancelled). */
export type ResourceUnsubscribe = () => Promise<void>;

type Entry = { listeners: Set<ResourceUpdateListener>; end: () => Promise<void> };

type ResourceSubscriptions = {
  /** Null when the server offers no subscriptions (2025-11-25: no `resources.subscribe` capability). */
  subscribe(uri: string, onUpdated: ResourceUpdateListener, timeoutMs: number): Promise<ResourceUnsubscribe | null>;
  /** The session's handler for `notifications/resources/updated`. */
  updated(uri: string): void;
  /**
   * A 2025-11-25 session that expired was opened again: the server forgot what the old session subscribed to, so
   * every resource still watched is subscribed again on the new one (a listen stream of 2026-07-28 never expires so).
   */
  resubscribe(timeoutMs: number): Promise<void>;
};

export function createResourceSubscriptions(client: () => Client): ResourceSubscriptions {
  const entries = new Map<string, Entry>();
  const opening = new Map<string, Promise<Entry | null>>();

  const legacyUris = new Set<string>();

  async function open(uri: string, timeoutMs: number): Promise<Entry | null> {
    const c = client();
    if (c.getProtocolEra() === 'modern') {
      const subscription = await c.listen({ resourceSubscriptions: [uri] }, { timeout: timeoutMs });
      if (!(subscription.honoredFilter.resourceSubscriptions ?? []).includes(uri)) {
        await subscription.close();
        return null;
      }
      return { listeners: new Set(), end: () => subscription.close() };
    }
    if (c.getServerCapabilities()?.resources?.subscribe !== true) return null;
    await c.subscribeResource({ uri }, { timeout: timeoutMs });
    legacyUris.add(uri);
    return {
      listeners: new Set(),
      end: async () => {
        legacyUris.delete(uri);
        await client().unsubscribeResource({ uri }, { timeout: timeoutMs });
      },
    };
  }

  return {
    async subscribe(uri, onUpdated, timeoutMs) {
      let entry = entries.get(uri);
      if (entry === undefined) {
        let pending = opening.get(uri);
        if (pending === undefined) {
          pending = open(uri, timeoutMs).finally(() => opening.delete(uri));
          opening.set(uri, pending);
        }
        const opened = await pending;
        if (opened === null) return null;
        entry = entries.get(uri) ?? opened;
        entries.set(uri, entry);
      }
      const own = entry;
      own.listeners.add(onUpdated);
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        own.listeners.delete(onUpdated);
        if (own.listeners.size > 0 || entries.get(uri) !== own) return;
        entries.delete(uri);
        // The server may be gone already; there is nothing left to stop then.
        await own.end().catch(() => undefined);
      };
    },
    updated(uri) {
      for (const listener of [...(entries.get(uri)?.listeners ?? [])]) listener();
    },
    async resubscribe(timeoutMs) {
      // The preview may have gone stale while the session was gone: each watcher re-reads once it is subscribed again.
      await Promise.all(
        [...legacyUris].map(async (uri) => {
          const ok = await client()
            .subscribeResource({ uri }, { timeout: timeoutMs })
            .then(
              () => true,
              () => false,
            );
          if (ok) for (const listener of [...(entries.get(uri)?.listeners ?? [])]) listener();
        }),
      );
    },
  };
}
