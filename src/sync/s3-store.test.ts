import { describe, expect, it } from 'vitest';
import { S3BlobStore, tagValues } from './s3-store';

/** The requests the store signs, captured (the servers' answers are in the contract suites). */
function capturing(body: string) {
  const urls: string[] = [];
  const fetchFn = async (input: string | Request) => {
    urls.push(typeof input === 'string' ? input : input.url);
    return new Response(body, { status: 200 });
  };
  return { urls, fetchFn };
}

const EMPTY = '<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>';
const key = { accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'us-east-1' };

describe('S3 store requests', () => {
  it('lists the bucket itself: /<bucket>?list-type=2 in path style (with or without a trailing slash), /? on a bucket host', async () => {
    for (const bucketUrl of ['http://127.0.0.1:9000/vault', 'http://127.0.0.1:9000/vault/']) {
      const c = capturing(EMPTY);
      await new S3BlobStore({ ...key, bucketUrl }, c.fetchFn).list('devices/');
      expect(c.urls).toEqual(['http://127.0.0.1:9000/vault?list-type=2&prefix=devices%2F']);
    }
    const c = capturing(EMPTY);
    await new S3BlobStore({ ...key, bucketUrl: 'https://vault.s3.eu-west-1.amazonaws.com' }, c.fetchFn).list('');
    expect(c.urls).toEqual(['https://vault.s3.eu-west-1.amazonaws.com/?list-type=2&prefix=']);
  });

  it('reads keys escaped once, named or numeric', () => {
    expect(
      tagValues(
        '<Key>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#x27;f&#39; &amp;lt;</Key><Key>plain</Key>',
        'Key',
      ),
    ).toEqual([`a & b <c> "d" 'e' 'f' &lt;`, 'plain']);
  });
});
