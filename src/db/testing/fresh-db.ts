/** Test-only: an isolated fake IndexedDB per database. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openToolscopeDB, type ToolscopeDB } from '../database';

export function freshDB(name = 'toolscope-test'): { db: ToolscopeDB; factory: IDBFactory } {
  const factory = new IDBFactory();
  return { db: openToolscopeDB(name, { indexedDB: factory, IDBKeyRange }), factory };
}
