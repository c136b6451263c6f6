import { joinUrl, type BlobStore, type StoredEntry } from './blob-store';
import { bodyOf, storageHttpError, storageCall, type Fetch } from './http-call';

type WebDavConfig = { url: string; username: string; password: string };

/**
 * WebDAV (Apache mod_dav, nginx, Nextcloud, a NAS). Uses only GET, PUT, DELETE, PROPFIND (Depth 1) and MKCOL:
 * no MOVE or COPY, no Depth: infinity, and folders are made with MKCOL before the first PUT into them.
 * Put-if-absent sends If-None-Match: * and, for servers that ignore it, checks with a GET first.
 */
export class WebDavBlobStore implements BlobStore {
  private readonly madeFolders = new Set<string>();
  constructor(
    private readonly config: WebDavConfig,
    private readonly fetchFn: Fetch = (i, init) => fetch(i, init),
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { ...extra };
    if (this.config.username !== '' || this.config.password !== '')
      h.Authorization = `Basic ${base64(`${this.config.username}:${this.config.password}`)}`;
    return h;
  }

  private call(path: string, init: RequestInit): Promise<Response> {
    const url = path === '' ? this.config.url : joinUrl(this.config.url, path);
    return storageCall('webdav', this.config.url, () => this.fetchFn(url, init));
  }

  async putIfAbsent(path: string, body: Uint8Array): Promise<boolean> {
    await this.ensureFolders(path);
    // Servers that ignore If-None-Match would overwrite; one writer per path (architecture.md) keeps this safe,
    // and the GET makes the common case exact.
    if ((await this.head(path)) === true) return false;
    const res = await this.call(path, {
      method: 'PUT',
      headers: this.headers({ 'If-None-Match': '*', 'Content-Type': 'application/octet-stream' }),
      body: bodyOf(body),
    });
    if (res.status === 412) return false;
    if (!res.ok) throw storageHttpError(`PUT ${path}`, res);
    return true;
  }

  private async head(path: string): Promise<boolean> {
    const res = await this.call(path, { method: 'HEAD', headers: this.headers() });
    if (res.status === 404) return false;
    if (res.ok) return true;
    throw storageHttpError(`HEAD ${path}`, res);
  }

  async get(path: string): Promise<Uint8Array | null> {
    const res = await this.call(path, { method: 'GET', headers: this.headers() });
    if (res.status === 404) return null;
    if (!res.ok) throw storageHttpError(`GET ${path}`, res);
    return new Uint8Array(await res.arrayBuffer());
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listEntries(prefix)).map((e) => e.key);
  }

  /** Every file under `prefix`, walked one PROPFIND (Depth 1) per folder, with its ETag, size and last-modified. */
  async listEntries(prefix: string): Promise<StoredEntry[]> {
    const out: StoredEntry[] = [];
    const walk = async (folder: string): Promise<void> => {
      const res = await this.call(folder, {
        method: 'PROPFIND',
        headers: this.headers({ Depth: '1', 'Content-Type': 'application/xml' }),
        body: PROPFIND_BODY,
      });
      if (res.status === 404) return;
      if (res.status !== 207) throw storageHttpError(`PROPFIND ${folder}`, res);
      const base = decodeURIComponent(new URL(joinUrl(this.config.url, folder)).pathname);
      for (const r of davResponses(await res.text())) {
        const p = decodeURIComponent(new URL(r.href, joinUrl(this.config.url, folder)).pathname);
        const rel = p.startsWith(base) ? p.slice(base.length) : null;
        if (rel === null || rel === '') continue;
        if (rel.endsWith('/') || r.collection) await walk(folder + (rel.endsWith('/') ? rel : `${rel}/`));
        else
          out.push({
            key: folder + rel,
            ...(r.etag ? { etag: r.etag } : {}),
            ...(r.size !== undefined ? { size: r.size } : {}),
            ...(r.modified ? { modified: r.modified } : {}),
          });
      }
    };
    await walk(prefix);
    return out;
  }

  async delete(path: string): Promise<void> {
    const res = await this.call(path, { method: 'DELETE', headers: this.headers() });
    if (res.ok || res.status === 404) return;
    throw storageHttpError(`DELETE ${path}`, res);
  }

  private async ensureFolders(path: string): Promise<void> {
    const parts = path.split('/').slice(0, -1);
    // '' is the storage folder itself: made too when the URL names a folder that does not exist yet.
    for (let i = 0; i <= parts.length; i++) {
      const folder = i === 0 ? '' : `${parts.slice(0, i).join('/')}/`;
      if (this.madeFolders.has(folder)) continue;
      const res = await this.call(folder, { method: 'MKCOL', headers: this.headers() });
      // 405: it exists already; 201: made now.
      if (!res.ok && res.status !== 405) throw storageHttpError(`MKCOL ${folder}`, res);
      this.madeFolders.add(folder);
    }
  }
}

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><resourcetype/><getetag/><getcontentlength/><getlastmodified/></prop></propfind>';

type DavResponse = { href: string; collection: boolean; etag?: string; size?: number; modified?: string };

/** The text of `<prefix:name>` in a piece of a multistatus answer, whatever namespace prefix the server chose. */
function davProp(xml: string, name: string): string | undefined {
  const m = new RegExp(`<(?:[A-Za-z][\\w.-]*:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[A-Za-z][\\w.-]*:)?${name}>`).exec(xml);
  return m?.[1]
    ?.trim()
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Each `<response>` of a multistatus answer: its href, whether it is a folder, and its ETag, size and date. */
export function davResponses(xml: string): DavResponse[] {
  const out: DavResponse[] = [];
  for (const m of xml.matchAll(
    /<(?:[A-Za-z][\w.-]*:)?response(?:\s[^>]*)?>([\s\S]*?)<\/(?:[A-Za-z][\w.-]*:)?response>/g,
  )) {
    const body = m[1] ?? '';
    const href = hrefs(body)[0];
    if (href === undefined) continue;
    const size = davProp(body, 'getcontentlength');
    const etag = davProp(body, 'getetag');
    const modified = davProp(body, 'getlastmodified');
    out.push({
      href,
      collection: /<(?:[A-Za-z][\w.-]*:)?collection\s*\/?>/.test(body),
      ...(etag ? { etag } : {}),
      ...(size !== undefined && /^\d+$/.test(size) ? { size: Number(size) } : {}),
      ...(modified ? { modified } : {}),
    });
  }
  return out;
}

/** The hrefs of a multistatus answer, whatever namespace prefix the server chose. */
function hrefs(xml: string): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(/<(?:[A-Za-z][\w.-]*:)?href(?:\s[^>]*)?>([^<]*)<\/(?:[A-Za-z][\w.-]*:)?href>/g)) {
    const raw = m[1];
    if (raw !== undefined) out.push(raw.trim().replace(/&amp;/g, '&'));
  }
  return out;
}

function base64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}
