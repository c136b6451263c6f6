/** Human time for labels, tooltips and aria-labels: "0.4 s", "1.2 s", "2 min 3.5 s", "0.003 s". */
export function formatMs(ms: number): string {
  const v = Math.max(0, ms);
  if (v >= 60_000) {
    const min = Math.floor(v / 60_000);
    const s = (v - min * 60_000) / 1000;
    return `${min} min ${s.toFixed(1)} s`;
  }
  const s = v / 1000;
  if (v === 0) return '0 s';
  if (v >= 100) return `${s.toFixed(1)} s`;
  if (v >= 10) return `${s.toFixed(2)} s`;
  return `${s.toFixed(3)} s`;
}

/** Axis tick label; the precision follows the tick step so neighbouring labels differ. */
export function formatTick(ms: number, stepMs: number): string {
  if (ms === 0) return '0';
  if (stepMs < 1) return `${ms.toFixed(Math.min(3, Math.ceil(-Math.log10(stepMs))))} ms`;
  if (stepMs < 1000 && Math.abs(ms) < 1000) return `${Math.round(ms)} ms`;
  if (stepMs < 60_000) {
    const decimals = stepMs % 1000 === 0 ? 0 : stepMs % 100 === 0 ? 1 : stepMs % 10 === 0 ? 2 : 3;
    return `${(ms / 1000).toFixed(decimals)} s`;
  }
  const min = Math.floor(ms / 60_000);
  const s = Math.round((ms - min * 60_000) / 1000);
  return s === 0 ? `${min} min` : `${min} min ${s} s`;
}

export function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  return String(n);
}
