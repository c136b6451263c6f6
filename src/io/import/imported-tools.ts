import {
  unflattenTool,
  type FlatToolDefinition,
  type ToolDefinition,
  type ToolKind,
} from '../../domain/tool-definition';
import { BUILTIN_IDS } from '../../tools/builtin-specs';
import { validateDefinition, type DefinitionField } from '../../tools/definition';
import { describeUnsafePattern, findUnsafePatterns } from '../../tools/validation/unsafe-patterns';

/** A tool definition from the file that the tool editor would not save; it is left out of the import. */
export type RefusedTool = {
  /** Where it is in the file, as `$.tools[3]`. */
  path: string;
  name: string;
  problems: string[];
};

/** What the review shows of an accepted tool, so nobody imports code or a URL unseen. */
export type ImportedToolSummary = {
  name: string;
  kind: ToolKind;
  /** "GET https://api.example.com/v1?q={q}", "may fetch https://a.example, https://b.example", "no network". */
  reaches: string;
  needsApproval: boolean;
};

const FIELD_LABEL: Record<DefinitionField, string> = {
  name: 'Name',
  description: 'Description',
  parameters: 'Parameters',
  kind: 'Kind',
  code: 'Code',
  'http.method': 'Method',
  'http.urlTemplate': 'URL template',
  'http.headers': 'Headers',
  'http.bodyTemplate': 'Body template',
  builtinId: 'Built-in',
  allowedOrigins: 'Allowed origins',
  timeoutMs: 'Timeout',
};

/**
 * Imported parameter schemas get the editor's ReDoS check: a pattern that can take exponential time would stall
 * every later argument check (the validation worker restarts after its deadline, but each call would wait it
 * out). One line per flagged pattern; each refuses the tool like any other problem of screenImportedTools.
 */
function unsafeSchemaPatternProblems(parameters: Record<string, unknown>): string[] {
  return findUnsafePatterns(parameters).map(describeUnsafePattern);
}

/**
 * Imported definitions get the tool editor's checks (validateDefinition): a file could otherwise store what the
 * editor refuses — names the model API rejects, non-origin "origins", timeouts of centuries. Names repeated
 * within the file are the integrity check's job and clashes with stored tools the import plan's, so `others`
 * is empty here. Accepted tools keep their order. The checks read the file's flat layout, so a missing part is named
 * (an HTTP tool without its request); an accepted tool comes out by kind, without parts of other kinds.
 */
export function screenImportedTools(
  tools: readonly FlatToolDefinition[],
  knownBuiltins: ReadonlySet<string> = BUILTIN_IDS,
): { accepted: ToolDefinition[]; refused: RefusedTool[] } {
  const accepted: ToolDefinition[] = [];
  const refused: RefusedTool[] = [];
  tools.forEach((tool, i) => {
    const check = validateDefinition(tool, [], knownBuiltins);
    const problems = check.ok
      ? []
      : (Object.entries(check.errors) as [DefinitionField, string[]][]).flatMap(([field, messages]) =>
          messages.map((m) => `${FIELD_LABEL[field]}: ${m}`),
        );
    problems.push(...unsafeSchemaPatternProblems(tool.parameters).map((m) => `${FIELD_LABEL.parameters}: ${m}`));
    if (problems.length === 0) accepted.push(unflattenTool(tool));
    else refused.push({ path: `$.tools[${i}]`, name: tool.name, problems });
  });
  return { accepted, refused };
}

const MAX_SHOWN = 300;
const clip = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

export function summarizeTool(tool: ToolDefinition): ImportedToolSummary {
  let reaches: string;
  if (tool.kind === 'http') reaches = clip(`${tool.http.method} ${tool.http.urlTemplate}`);
  else if (tool.kind === 'builtin') reaches = `built-in “${tool.builtinId}”`;
  else if (tool.allowedOrigins.length === 0) reaches = 'no network';
  else reaches = clip(`may fetch ${tool.allowedOrigins.join(', ')}`);
  return { name: tool.name, kind: tool.kind, reaches, needsApproval: tool.needsApproval };
}
