import type { ToolExecutor, ToolHandle } from '../agent/tool-executor';
import { isRecord } from '../domain/is-record';

const REMEMBER_TOOL_NAME = 'remember';

/** A built-in tool the model may call to keep a note across sessions. Saving is injected (db lives elsewhere). */
export function createRememberTool(save: (text: string) => Promise<void>): ToolHandle {
  return {
    spec: {
      name: REMEMBER_TOOL_NAME,
      description:
        'Save a short fact about the user or the task to long-term memory, so later sessions can recall ' +
        'it. Use for durable preferences and facts, not for chit-chat.',
      parameters: {
        type: 'object',
        properties: {
          text: {
            type: 'string',
            minLength: 1,
            maxLength: 2000,
            description: 'The fact to remember, as one self-contained sentence.',
          },
        },
        required: ['text'],
        additionalProperties: false,
      },
    },
    needsApproval: false,
    source: { kind: 'builtin' },
    validate(args) {
      if (!isRecord(args)) return [{ path: '/', message: 'must be an object' }];
      const text: unknown = (args as Record<string, unknown>).text;
      if (typeof text !== 'string') return [{ path: '/text', message: 'must be a string' }];
      if (text.trim().length === 0) return [{ path: '/text', message: 'must not be empty' }];
      if (text.length > 2000) return [{ path: '/text', message: 'must be at most 2000 characters' }];
      const extra = Object.keys(args).filter((k) => k !== 'text');
      return extra.map((k) => ({ path: `/${k}`, message: 'is not an allowed property' }));
    },
    async run(args) {
      const text = String((args as { text: string }).text).trim();
      await save(text);
      return { outcome: 'ok', content: JSON.stringify({ saved: true, text }), logs: [] };
    },
  };
}

/** Adds handles to an executor; an added tool wins over a user tool of the same name. */
export function withExtraTools(base: ToolExecutor, extra: readonly ToolHandle[]): ToolExecutor {
  const names = new Set(extra.map((h) => h.spec.name));
  return {
    list: () => [...base.list().filter((h) => !names.has(h.spec.name)), ...extra],
    get: (name) => extra.find((h) => h.spec.name === name) ?? base.get(name),
  };
}
