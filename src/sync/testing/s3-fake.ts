/**
 * Test-only: a tiny S3-compatible server on 127.0.0.1 (PUT with If-None-Match: *, HEAD, GET, DELETE, ListObjectsV2)
 * that checks every request's SigV4 signature the way S3 does: it rebuilds the canonical request from what arrived
 * (method, path, query, the signed headers), signs it with the secret key (aws4fetch's signer, the algorithm the
 * page uses) and refuses a mismatch, an unknown key or a stale date. What it cannot prove: how a real service
 * treats conditional writes under races, and CORS (a browser's side).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

export type S3Fake = { url: string; objects: Map<string, Buffer>; close: () => Promise<void> };

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([\w-]+)\/s3\/aws4_request, SignedHeaders=([\w;-]+), Signature=([0-9a-f]{64})$/;

/** Whether the request carries a valid SigV4 signature by `accessKeyId` with `secret`, dated within 15 minutes. */
async function signatureValid(
  req: IncomingMessage,
  accessKeyId: string,
  secret: string,
  now = Date.now(),
): Promise<boolean> {
  const m = AUTH.exec(req.headers.authorization ?? '');
  const date = req.headers['x-amz-date'];
  if (!m || typeof date !== 'string' || m[1] !== accessKeyId || !date.startsWith(m[2]!)) return false;
  const at = Date.parse(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  if (!(Math.abs(now - at) <= 15 * 60_000)) return false;
  const signed = m[4]!.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date')) return false;
  const headers: Record<string, string> = {};
  for (const h of signed) {
    const v = req.headers[h];
    if (h !== 'host' && typeof v === 'string') headers[h] = v;
  }
  const signer = new AwsV4Signer({
    method: req.method,
    url: `http://${req.headers.host ?? ''}${req.url ?? '/'}`,
    headers,
    accessKeyId,
    secretAccessKey: secret,
    service: 's3',
    region: m[3],
    datetime: date,
    allHeaders: true,
  });
  return signer.signedHeaders === m[4] && (await signer.signature()) === m[5];
}

export async function startS3Fake(accessKeyId: string, secret: string): Promise<S3Fake> {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer());
    const answer = async () => {
      if (!(await signatureValid(req, accessKeyId, secret))) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
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
        const keys = [...objects.keys()]
          .filter((k) => k.startsWith(id(p)))
          .map((k) => k.slice(name.length + 1))
          .sort();
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>false</IsTruncated>' +
            `${keys.map((k) => `<Contents><Key>${escapeXml(k)}</Key></Contents>`).join('')}</ListBucketResult>`,
        );
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
      if (req.method === 'GET' || req.method === 'HEAD') {
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
    };
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/bucket`, objects, close: () => new Promise((r) => server.close(() => r())) };
}
