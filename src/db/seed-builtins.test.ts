import { afterEach, describe, expect, it } from 'vitest';
import { flattenTool } from '../domain/tool-definition';
import { builtinDefinitions } from '../tools/builtin-specs';
import type { ToolscopeDB } from './database';
import { seedBuiltinTools } from './seed-builtins';
import { setSetting } from './settings-repo';
import { freshDB } from './testing/fresh-db';

let db: ToolscopeDB;
afterEach(() => db?.close());

/** A database as the previous version left it: built-ins seeded with fetch_url not needing approval. */
async function seededByVersion1(): Promise<void> {
  for (const def of builtinDefinitions(10)) await db.tools.add(flattenTool({ ...def, needsApproval: false }));
  await setSetting(db, 'tools.builtinsSeeded', true);
}

const approvalOf = async (name: string) => (await db.tools.where('name').equals(name).first())?.needsApproval;

describe('seedBuiltinTools', () => {
  it('seeds fetch_url needing approval, and the others not', async () => {
    ({ db } = freshDB());
    await seedBuiltinTools(db, builtinDefinitions, 5);
    expect(await approvalOf('fetch_url')).toBe(true);
    expect(await approvalOf('js_eval')).toBe(false);
    expect(await approvalOf('current_time')).toBe(false);
  });

  it('gives a fetch_url the person never changed the new default once, and leaves their later choice alone', async () => {
    ({ db } = freshDB());
    await seededByVersion1();
    // Switching it off and on in the list is not a choice about approval.
    await db.tools.update('builtin:fetch_url', { enabled: false, updatedAt: 20 });
    await seedBuiltinTools(db, builtinDefinitions, 30);
    expect(await approvalOf('fetch_url')).toBe(true);
    expect(await approvalOf('js_eval')).toBe(false);
    // The person turns approval off again: the next start keeps that.
    await db.tools.update('builtin:fetch_url', { needsApproval: false, updatedAt: 40 });
    await seedBuiltinTools(db, builtinDefinitions, 50);
    expect(await approvalOf('fetch_url')).toBe(false);
  });

  it('keeps a fetch_url the person edited as it is', async () => {
    ({ db } = freshDB());
    await seededByVersion1();
    await db.tools.update('builtin:fetch_url', { timeoutMs: 5_000, updatedAt: 20 });
    await seedBuiltinTools(db, builtinDefinitions, 30);
    expect(await approvalOf('fetch_url')).toBe(false);
  });

  it('does not bring back a built-in the person deleted', async () => {
    ({ db } = freshDB());
    await seededByVersion1();
    await db.tools.delete('builtin:fetch_url');
    await seedBuiltinTools(db, builtinDefinitions, 30);
    expect(await db.tools.get('builtin:fetch_url')).toBeUndefined();
  });
});
