import { AwsClient } from 'aws4fetch';
import { joinUrl, type BlobStore, type StoredEntry } from './blob-store';
import { bodyOf, storageHttpError, storageCall, type Fetch } from './http-call';

/** `bucketUrl` is the bucket itself: https://<bucket>.s3.<region>.amazonaws.com or https://<host>/<bucket> (path style). */
export type S3Config = { bucketUrl: string; accessKeyId: string; secretAccessKey: string; region: string };

/**
 * S3-compatible buckets (S3, R2, B2, MinIO). Requests are signed in the page (SigV4 with aws4fetch); nothing goes
 * through a server of ours. Put-if-absent is a HEAD, then S3's conditional write (If-None-Match: *, 412 when the key exists).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: AwsClient;
  constructor(
    private readonly config: S3Config,
    fetchFn?: Fetch,
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region || 'us-east-1',
      service: 's3',
      retries: 0,
    });
    this.fetchFn = fetchFn ?? ((i, init) => fetch(i, init));
  }
  private readonly fetchFn: Fetch;

  private async call(url: string, init: RequestInit): Promise<Response> {
    return storageCall('s3', this.config.bucketUrl, async () => this.fetchFn(await this.client.sign(url, init)));
  }

  async putIfAbsent(path: string, body: Uint8Array): Promise<boolean> {
    // A HEAD first for servers that ignore If-None-Match on PUT (older MinIO, s3rver): with one writer per path,
    // the only object that can be there is this device's own earlier try.
    const head = await this.call(joinUrl(this.config.bucketUrl, path), { method: 'HEAD' });
    if (head.ok) return false;
    if (head.status !== 404) throw storageHttpError(`HEAD ${path}`, head);
    const res = await this.call(joinUrl(this.config.bucketUrl, path), {
      method: 'PUT',
      headers: { 'If-None-Match': '*', 'Content-Type': 'application/octet-stream' },
      body: bodyOf(body),
    });
    if (res.status === 412 || res.status === 409) return false;
    if (!res.ok) throw storageHttpError(`PUT ${path}`, res);
    return true;
  }

  async get(path: string): Promise<Uint8Array | null> {
    const res = await this.call(joinUrl(this.config.bucketUrl, path), { method: 'GET' });
    if (res.status === 404) return null;
    if (!res.ok) throw storageHttpError(`GET ${path}`, res);
    return new Uint8Array(await res.arrayBuffer());
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listEntries(prefix)).map((e) => e.key);
  }

  /** Every object under `prefix` with what tells a changed one apart (ETag, size, last modified), in pages of 1,000. */
  async listEntries(prefix: string): Promise<StoredEntry[]> {
    const out: StoredEntry[] = [];
    let token: string | null = null;
    do {
      // The bucket itself without a trailing slash (path style: /<bucket>?list-type=2, as the AWS SDKs send it):
      // s3rver signs the bucket path without the slash, so /<bucket>/? fails its signature check.
      const u = new URL(this.config.bucketUrl.replace(/\/+$/, ''));
      u.searchParams.set('list-type', '2');
      u.searchParams.set('prefix', prefix);
      if (token !== null) u.searchParams.set('continuation-token', token);
      const res = await this.call(u.toString(), { method: 'GET' });
      if (!res.ok) throw storageHttpError(`a list of ${prefix}`, res);
      const xml = await res.text();
      for (const block of tagValues(xml, 'Contents', true)) {
        const key = tagValues(block, 'Key')[0];
        if (key === undefined) continue;
        const etag = tagValues(block, 'ETag')[0];
        const size = tagValues(block, 'Size')[0];
        const modified = tagValues(block, 'LastModified')[0];
        out.push({
          key,
          ...(etag ? { etag } : {}),
          ...(size ? { size: Number(size) } : {}),
          ...(modified ? { modified } : {}),
        });
      }
      token = tagValues(xml, 'IsTruncated')[0] === 'true' ? (tagValues(xml, 'NextContinuationToken')[0] ?? null) : null;
    } while (token !== null);
    return out;
  }

  async delete(path: string): Promise<void> {
    const res = await this.call(joinUrl(this.config.bucketUrl, path), { method: 'DELETE' });
    if (res.ok || res.status === 404) return;
    throw storageHttpError(`DELETE ${path}`, res);
  }
}

/** The text of every `<tag>` in a ListObjectsV2 answer (keys are XML-escaped); `raw`: the inner XML, unescaped later. */
export function tagValues(xml: string, tag: string, raw = false): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(new RegExp(`<${tag}>([${raw ? '\\s\\S' : '^<'}]*?)</${tag}>`, 'g'))) {
    const v = m[1];
    if (v !== undefined) out.push(raw ? v : unescapeXml(v));
  }
  return out;
}

function unescapeXml(v: string): string {
  return v
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}
