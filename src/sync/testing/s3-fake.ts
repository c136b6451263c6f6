/**
 * Test-only: a tiny S3-compatible server on 127.0.0.1 (PUT with If-None-Match: *, GET, DELETE, ListObjectsV2) that
 * refuses requests without a SigV4 Authorization header for its access key. It cannot prove that a signature is
 * right, nor how a real service treats conditional writes or CORS: those need a real S3-compatible service.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3Fake = { url: string; objects: Map<string, Buffer>; close: () => Promise<void> };

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3Fake(accessKeyId: string): Promise<S3Fake> {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      if (!new RegExp(`^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/[\\w-]+/s3/aws4_request, SignedHeaders=[\\w;-]+, Signature=[0-9a-f]{64}$`).test(auth) || !req.headers['x-amz-date']) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://x');
      // Any first path segment is a bucket (path style): each test case can have its own.
      const slash = url.pathname.indexOf('/', 1);
      const name = slash < 0 ? url.pathname.slice(1) : url.pathname.slice(1, slash);
      const key = slash < 0 ? '' : decodeURIComponent(url.pathname.slice(slash + 1));
      const id = (k: string) => `${name}/${k}`;
      if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
        const p = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(id(p))).map((k) => k.slice(name.length + 1)).sort();
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${escapeXml(k)}</Key></Contents>`).join('')}</ListBucketResult>`);
        return;
      }
      if (req.method === 'PUT') {
        if (req.headers['if-none-match'] === '*' && objects.has(id(key))) {
          res.writeHead(412).end('<Error><Code>PreconditionFailed</Code></Error>');
          return;
        }
        objects.set(id(key), Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"x"' }).end();
        return;
      }
      if (req.method === 'GET') {
        const body = objects.get(id(key));
        if (!body) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(body);
        return;
      }
      if (req.method === 'DELETE') {
        objects.delete(id(key));
        res.writeHead(204).end();
        return;
      }
      res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/bucket`, objects, close: () => new Promise((r) => server.close(() => r())) };
}
