import { db } from '../../../db/database';
import {
  deleteTool as deleteStoredTool,
  saveTool as saveStoredTool,
  setToolEnabled,
  type SaveToolResult,
} from '../../../db/tools-repo';
import type { ToolDefinition } from '../../../domain/tool-definition';
import { seedBuiltinTools } from '../../../db/seed-builtins';
import { builtinDefinitions } from '../../../tools/builtin-specs';

/** Saves the editor's definition; a secret header's typed value goes to the secrets table (see db/tools-repo.ts). */
export function saveToolDefinition(
  tool: ToolDefinition,
  storedNames: readonly (string | null)[],
): Promise<SaveToolResult> {
  return saveStoredTool(db, tool, {}, storedNames);
}

/** Deletes the tool and its stored secrets. */
export function deleteToolDefinition(id: string): Promise<void> {
  return deleteStoredTool(db, id);
}

/** Flips whether the model is offered the tool. */
export function toggleToolEnabled(tool: ToolDefinition): Promise<void> {
  return setToolEnabled(db, tool.id, !tool.enabled);
}

/** Stores the built-in tools that are missing (a first visit, or a new built-in). */
export function seedBuiltins(): Promise<void> {
  return seedBuiltinTools(db, builtinDefinitions);
}
