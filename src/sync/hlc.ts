/**
 * A hybrid logical clock per device, as a string that sorts like the clock: 13 digits of wall-clock ms,
 * 5 of counter, then the device id (ties between devices break by id, the same way everywhere).
 */
export type Hlc = string;

export type HlcState = { ms: number; counter: number };

export function formatHlc(state: HlcState, device: string): Hlc {
  return `${String(state.ms).padStart(13, '0')}-${String(state.counter).padStart(5, '0')}-${device}`;
}

export function parseHlc(h: Hlc): HlcState & { device: string } {
  return { ms: Number(h.slice(0, 13)), counter: Number(h.slice(14, 19)), device: h.slice(20) };
}

export function hlcDevice(h: Hlc): string {
  return h.slice(20);
}

/** The next stamp for a local change: never behind anything this device has seen. */
export function tick(state: HlcState, now: number): HlcState {
  return now > state.ms ? { ms: now, counter: 0 } : { ms: state.ms, counter: state.counter + 1 };
}

/** After receiving a remote stamp: the local clock moves past it. */
export function receive(state: HlcState, remote: Hlc): HlcState {
  const r = parseHlc(remote);
  if (r.ms > state.ms) return { ms: r.ms, counter: r.counter };
  if (r.ms === state.ms && r.counter > state.counter) return { ms: r.ms, counter: r.counter };
  return state;
}
