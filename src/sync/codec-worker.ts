/** Sync's codec worker: big segments and snapshots are serialized, compressed and sealed (or opened) here. */
import { openBody, sealBody } from './blob-body-codec';
import type { FromCodecWorker, ToCodecWorker } from './codec-protocol';
import { VaultError } from './vault-crypto';

// Typed by hand: the project compiles against the DOM lib (see io/import/import-worker.ts).
const scope = self as unknown as {
  postMessage(message: FromCodecWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToCodecWorker>) => void) | null;
};

scope.onmessage = async (event: MessageEvent<ToCodecWorker>) => {
  const msg = event.data;
  try {
    if (msg.op === 'seal') {
      const bytes = await sealBody(msg.key, msg.path, msg.body);
      scope.postMessage({ id: msg.id, ok: true, bytes }, [bytes.buffer]);
    } else {
      scope.postMessage({ id: msg.id, ok: true, body: await openBody(msg.key, msg.path, msg.bytes) });
    }
  } catch (e) {
    scope.postMessage({
      id: msg.id,
      ok: false,
      kind: e instanceof VaultError ? e.kind : null,
      message: e instanceof Error ? e.message : String(e),
    });
  }
};
