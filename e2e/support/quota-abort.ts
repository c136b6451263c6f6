/**
 * Storage that is full, the way Chromium reports it. A write request in IndexedDB never fails for quota: every
 * request succeeds, and when the transaction commits the browser checks usage + the transaction's size against the
 * quota and, over it, aborts the whole transaction (content/browser/indexed_db/transaction_impl.cc,
 * OnGotUsageAndQuotaForCommit). The page sees an `abort` event on the transaction whose `error` is a DOMException
 * named QuotaExceededError; transactions that only read or delete still commit ("always allow empty or delete-only
 * transactions"). Dexie turns that into an AbortError whose `inner` is the DOMException.
 *
 * A disk cannot be filled on demand, so `installQuotaAbort` (an init script for a page, `worker.evaluate` for a
 * worker, which init scripts never reach) makes the browser's own transactions end that way while armed: a
 * transaction that wrote anything is kept open by a probe read after the app's last request, and once the app has
 * nothing more to ask it is aborted with that error instead of committing.
 */
import type { Page, Worker } from '@playwright/test';

type QuotaControl = {
  /** Transactions that write while armed are aborted at commit. */
  armed: boolean;
  /** How many transactions were aborted so far. */
  aborted: number;
};

declare global {
  var __e2eQuota: QuotaControl | undefined;
}

/** Self-contained: serialized into the page or worker, so it may use nothing from this module. */
export function installQuotaAbort(): void {
  if (globalThis.__e2eQuota) return;
  const control: QuotaControl = { armed: false, aborted: 0 };
  globalThis.__e2eQuota = control;
  type Tracked = { issued: number; doomed: boolean };
  const tracked = new WeakMap<IDBTransaction, Tracked>();
  const count = IDBObjectStore.prototype.count;
  const trackOf = (tx: IDBTransaction): Tracked => {
    let t = tracked.get(tx);
    if (!t) tracked.set(tx, (t = { issued: 0, doomed: false }));
    return t;
  };

  // The app asked for nothing since the probe was issued: the transaction would commit now, so it aborts instead.
  const probe = (tx: IDBTransaction, t: Tracked) => {
    let req: IDBRequest;
    try {
      req = count.call(tx.objectStore(tx.objectStoreNames[0]!));
    } catch {
      return; // the transaction already ended (an error of the app's own)
    }
    const at = t.issued;
    req.addEventListener('success', () => {
      if (t.issued !== at) return probe(tx, t);
      const error = new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');
      Object.defineProperty(tx, 'error', { configurable: true, get: () => error });
      control.aborted++;
      tx.abort();
    });
  };

  const note = (tx: IDBTransaction, write: boolean) => {
    const t = trackOf(tx);
    t.issued++;
    if (write && control.armed && !t.doomed) {
      t.doomed = true;
      probe(tx, t);
    }
  };

  // An explicit commit() (Dexie sends one after a single-operation write) only ends the transaction sooner; Chromium
  // checks the quota then too. A doomed transaction is left to end by itself, where the probe aborts it.
  const commit = IDBTransaction.prototype.commit;
  IDBTransaction.prototype.commit = function (this: IDBTransaction) {
    if (!tracked.get(this)?.doomed) commit.call(this);
  };

  type Source = IDBObjectStore | IDBIndex;
  const txOfSource = (s: Source): IDBTransaction => ('objectStore' in s ? s.objectStore.transaction : s.transaction);
  const wrap = <T extends object>(
    proto: T,
    names: readonly string[],
    txOf: (self: T) => IDBTransaction,
    writes: readonly string[],
  ) => {
    const table = proto as unknown as Record<string, unknown>;
    for (const name of names) {
      const original = table[name];
      if (typeof original !== 'function') continue;
      table[name] = function (this: T, ...args: unknown[]) {
        const out: unknown = (original as (...a: unknown[]) => unknown).apply(this, args);
        note(txOf(this), writes.includes(name));
        return out;
      };
    }
  };
  const reads = ['get', 'getKey', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor'];
  wrap(IDBObjectStore.prototype, [...reads, 'put', 'add', 'delete', 'clear'], (s) => s.transaction, ['put', 'add']);
  wrap(IDBIndex.prototype, reads, (i) => txOfSource(i), []);
  wrap(
    IDBCursor.prototype,
    ['continue', 'continuePrimaryKey', 'advance', 'update', 'delete'],
    (c) => txOfSource(c.source as Source),
    ['update'],
  );
}

/** Arms or disarms the fault in the page (after `page.addInitScript(installQuotaAbort)`) or in a worker. */
export async function setQuotaFull(target: Page | Worker, armed: boolean): Promise<void> {
  const arm = (on: boolean) => {
    if (!globalThis.__e2eQuota) throw new Error('installQuotaAbort has not run here');
    globalThis.__e2eQuota.armed = on;
  };
  // Page and Worker evaluate alike, but their overloads do not unify into one callable type.
  await ('mainFrame' in target ? target.evaluate(arm, armed) : target.evaluate(arm, armed));
}

/** Transactions aborted so far in the page or worker. */
export async function quotaAborts(target: Page | Worker): Promise<number> {
  const read = () => globalThis.__e2eQuota?.aborted ?? 0;
  return 'mainFrame' in target ? target.evaluate(read) : target.evaluate(read);
}
