/*
 * Which hosts count as this machine or its local network, for `fetch_url`. A page cannot resolve names, so this
 * judges the URL's host as written: a name such as "router.lan" that resolves to a private address, or a public
 * URL that redirects to one, is not caught here. The WHATWG URL parser has already turned the decimal, hex and
 * octal IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1) into dotted form and IPv6 into canonical hex.
 */

type Range4 = { base: number; bits: number; what: string };

const V4_RANGES: Range4[] = [
  { base: ip4(0, 0, 0, 0), bits: 8, what: '"this network" (0.0.0.0/8), which reaches this machine' },
  { base: ip4(127, 0, 0, 0), bits: 8, what: 'loopback (127.0.0.0/8)' },
  { base: ip4(10, 0, 0, 0), bits: 8, what: 'private (10.0.0.0/8)' },
  { base: ip4(172, 16, 0, 0), bits: 12, what: 'private (172.16.0.0/12)' },
  { base: ip4(192, 168, 0, 0), bits: 16, what: 'private (192.168.0.0/16)' },
  { base: ip4(169, 254, 0, 0), bits: 16, what: 'link-local (169.254.0.0/16)' },
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function parseIp4(host: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  const [a = 0, b = 0, c = 0, d = 0] = parts;
  return ip4(a, b, c, d);
}

function v4Reason(addr: number): string | null {
  for (const r of V4_RANGES) {
    const mask = r.bits === 0 ? 0 : (~0 << (32 - r.bits)) >>> 0;
    if ((addr & mask) >>> 0 === r.base) return r.what;
  }
  return null;
}

/** Eight 16-bit groups, or null when this is not an IPv6 address. */
function parseIp6(host: string): number[] | null {
  let text = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!text.includes(':')) return null;
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups; the URL parser already writes it that way.
  const dotted = /:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(text);
  if (dotted?.[1]) {
    const v4 = parseIp4(dotted[1]);
    if (v4 === null) return null;
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) =>
    s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  return [...head, ...Array<number>(8 - given).fill(0), ...rest];
}

function v6Reason(g: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(7) && g7 === 1) return 'loopback (::1)';
  if (zeroTo(8)) return 'the unspecified address (::), which reaches this machine';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique local (fc00::/7)';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local (fe80::/10)';
  // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach that IPv4 host.
  const embedded = (g6 << 16) | g7;
  const mapped = zeroTo(5) && g5 === 0xffff;
  const compatible = zeroTo(6);
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (mapped || compatible || nat64) {
    const inner = v4Reason(embedded >>> 0);
    if (inner) return `${inner}, written as IPv6`;
  }
  return null;
}

/**
 * Why `hostname` (as `new URL(...).hostname` gives it) is this machine or the local network, or null when it is
 * not. Covers localhost and *.localhost, which browsers send to the loopback address without asking DNS.
 */
export function privateAddressReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'this machine (localhost)';
  const v4 = parseIp4(host);
  if (v4 !== null) return v4Reason(v4);
  const v6 = parseIp6(host);
  return v6 === null ? null : v6Reason(v6);
}
