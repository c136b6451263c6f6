import { useEffect, useState } from 'react';

/** Whole seconds left until `atMs`, ticking. */
function useSecondsUntil(atMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [atMs]);
  return Math.max(0, Math.ceil((atMs - now) / 1000));
}

export function RetryCountdown({ atMs }: { atMs: number }) {
  const s = useSecondsUntil(atMs);
  return <span data-testid="retry-countdown">{s > 0 ? `Retrying in ${s} s…` : 'Retrying now…'}</span>;
}
