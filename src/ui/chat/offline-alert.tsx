import { useSyncExternalStore } from 'react';

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** The browser's online state, live. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

export function OfflineAlert() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="alert" role="alert" data-error-kind="offline">
      <strong>You are offline</strong>
      <span>Requests to the model will fail until the connection is back. Nothing written so far is lost.</span>
    </div>
  );
}
