import type { SandboxErrorKind, SandboxResult } from './sandbox/sandbox-types';
import { failed, type ToolFailure, type ToolRunReport } from './tool-failure';

const HINTS: Partial<Record<SandboxErrorKind, string>> = {
  timeout: 'Make the code finish sooner or raise the tool timeout.',
  memory: 'The sandbox has bounded memory and stack; work on smaller data.',
};

const FAILURES: Readonly<Record<SandboxErrorKind, ToolFailure>> = {
  timeout: 'timeout',
  memory: 'memory',
  thrown: 'thrown',
  bad_return: 'bad_return',
  cancelled: 'cancelled',
  crashed: 'crashed',
};

/** What the model (and the "Try it" panel) reads for a sandbox run. */
export function sandboxToToolResult(result: SandboxResult): ToolRunReport {
  if (result.ok) return { outcome: 'ok', content: result.output, logs: result.logs };
  let content = result.message;
  if (result.kind === 'thrown' && /'?fetch'? is not defined/.test(result.message)) {
    content += '\nThis tool has no network access: list the origins it may reach in "Allowed origins".';
  }
  const hint = HINTS[result.kind];
  if (hint) content += `\n${hint}`;
  return failed(FAILURES[result.kind], content, result.logs);
}
