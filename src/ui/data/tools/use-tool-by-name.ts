import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { getToolByName } from '../../../db/tools-repo';
import type { ToolDefinition } from '../../../domain/tool-definition';

/** The stored tool with this name, live: 'loading' until read, null when there is none. */
export function useToolByName(name: string): ToolDefinition | null | 'loading' {
  return useLiveQuery(async () => (await getToolByName(db, name)) ?? null, [name], 'loading' as const);
}
