import { describe, expect, it } from 'vitest';
import { BlobStoreError } from './blob-store';
import { storageCall } from './http-call';

const noPause = () => Promise.resolve();

describe('storageCall', () => {
  it('tries a request that failed below HTTP once more before calling it a refusal', async () => {
    let calls = 0;
    const res = await storageCall(
      'webdav',
      'http://127.0.0.1:1/dav/',
      async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response('ok', { status: 200 });
      },
      noPause,
    );
    expect(res.status).toBe(200);
    expect(calls).toBe(2);
  });

  it('names the CORS refusal when the retry fails the same way', async () => {
    let calls = 0;
    const failing = storageCall(
      'webdav',
      'http://127.0.0.1:1/dav/',
      () => {
        calls++;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
      noPause,
    );
    await expect(failing).rejects.toMatchObject({ kind: 'cors' });
    await expect(failing).rejects.toThrow(/refused this page \(CORS\) or could not be reached/);
    expect(calls).toBe(2);
  });

  it('does not repeat an aborted request, and a credentials refusal is told as such', async () => {
    let calls = 0;
    const aborted = storageCall(
      's3',
      'http://127.0.0.1:1/b',
      () => {
        calls++;
        return Promise.reject(new DOMException('stopped', 'AbortError'));
      },
      noPause,
    );
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(1);
    const refused = storageCall(
      's3',
      'http://127.0.0.1:1/b',
      () => Promise.resolve(new Response('', { status: 403 })),
      noPause,
    );
    await expect(refused).rejects.toBeInstanceOf(BlobStoreError);
    await expect(refused).rejects.toMatchObject({ kind: 'auth' });
  });
});
