import { concatBytes } from './concat-bytes';
import type { WireBody, WireRead, WireResponse } from './wire-exchange';

/** The bytes of one network read as captured: its text as UTF-8, or its base64 (docs/wire-capture.md). */
export function wireReadBytes(read: WireRead): Uint8Array {
  if (read.encoding !== 'base64') return new TextEncoder().encode(read.text);
  const bin = atob(read.text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Whether the response is a server-sent event stream: its content type says so (a CORS-safelisted header). */
export function isEventStream(response: WireResponse): boolean {
  const type = response.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  return type.toLowerCase().split(';')[0]?.trim() === 'text/event-stream';
}

/** The body as it arrived, all reads together: text when the bytes are UTF-8, base64 otherwise. */
export function responseBodyOf(response: WireResponse): WireBody {
  if (response.reads.every((r) => r.encoding !== 'base64')) {
    return { encoding: 'utf8', data: response.reads.map((r) => r.text).join('') };
  }
  const bytes = concatBytes(response.reads.map(wireReadBytes));
  try {
    return { encoding: 'utf8', data: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { encoding: 'base64', data: btoa(bin) };
  }
}
