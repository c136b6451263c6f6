import type { ToolRunResult } from '../agent/tool-executor';
import type { SandboxResult } from './sandbox/sandbox-types';

const HINTS: Partial<Record<string, string>> = {
  timeout: 'Make the code finish sooner or raise the tool timeout.',
  memory: 'The sandbox has bounded memory and stack; work on smaller data.',
};

/** What the model (and the "Try it" panel) reads for a sandbox run. */
export function sandboxToToolResult(result: SandboxResult): ToolRunResult {
  if (result.ok) return { outcome: 'ok', content: result.output, logs: result.logs };
  let content = result.message;
  if (result.kind === 'thrown' && /'?fetch'? is not defined/.test(result.message)) {
    content += '\nThis tool has no network access: list the origins it may reach in "Allowed origins".';
  }
  const hint = HINTS[result.kind];
  if (hint) content += `\n${hint}`;
  return { outcome: 'error', content, logs: result.logs };
}
