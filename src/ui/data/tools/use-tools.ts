import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listTools } from '../../../db/tools-repo';
import type { ToolDefinition } from '../../../domain/tool-definition';

/** Every stored tool by name, live; undefined until the first read. */
export function useTools(): ToolDefinition[] | undefined {
  return useLiveQuery(() => listTools(db), []);
}
