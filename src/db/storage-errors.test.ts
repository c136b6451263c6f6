import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { checkIndexedDB, classifyStorageError, storageErrorInfo } from './storage-errors';

describe('storage errors', () => {
  it('finds a quota error directly, wrapped by Dexie, or inside a bulk error', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(classifyStorageError(quota)).toBe('quota');
    expect(classifyStorageError({ name: 'AbortError', inner: quota })).toBe('quota');
    expect(classifyStorageError({ name: 'BulkError', failures: [new Error('x'), quota] })).toBe('quota');
    expect(classifyStorageError({ name: 'BulkError', failures: { 3: quota } })).toBe('quota');
    expect(classifyStorageError({ name: 'MissingAPIError' })).toBe('unavailable');
    expect(classifyStorageError({ name: 'OpenFailedError', inner: { name: 'InvalidStateError' } })).toBe('unavailable');
    expect(classifyStorageError(new TypeError('bug'))).toBe('other');
  });

  it('gives a clear storage ErrorInfo that says the run can be exported', () => {
    expect(storageErrorInfo('quota')).toMatchObject({
      fault: 'system',
      kind: 'storage',
      message: expect.stringMatching(/full.*export/is),
    });
    expect(storageErrorInfo('other', new TypeError('x')).message).toContain('TypeError');
  });

  it('detects whether IndexedDB can be opened', async () => {
    expect(await checkIndexedDB(new IDBFactory())).toEqual({ ok: true });
    expect((await checkIndexedDB(undefined)).ok).toBe(false);
    const broken = {
      open: () => {
        throw new DOMException('private', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    expect(await checkIndexedDB(broken)).toEqual({ ok: false, reason: expect.stringContaining('InvalidStateError') });
  });
});
