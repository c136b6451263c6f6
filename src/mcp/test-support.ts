/* Shared by the MCP layer's tests. */
import { createInProcessValidator } from '../tools/validation/in-process-validator';
import type { SchemaCheck } from './types';

/** The app's validation engine (Ajv) in process, behind the injected-check interface the MCP layer takes. */
export function inProcessCheck(): SchemaCheck {
  const validator = createInProcessValidator();
  return (s, value) => validator.validateArgs({ id: s.id, updatedAt: s.revision, parameters: s.schema }, value);
}

/** Resolves when `check` holds, polling the state a real server updates from its own sockets. */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
