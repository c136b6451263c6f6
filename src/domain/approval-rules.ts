import { isRecord } from './is-record';
/**
 * Rules on a call's arguments that limit a standing approval: "this tool when `url` starts with
 * https://example.com/". A rule names one top-level argument of the tool; it is checked against the tool's input
 * schema when it is made, and against each call's (already validated) arguments when a call asks
 * (architecture.md, "Approvals"). Evaluated in plain code: the page's CSP keeps schema compilers off the page.
 */
export type ArgRule = { argument: string; test: 'starts-with' | 'equals'; value: string };

function argumentsObject(args: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(args.trim() === '' ? '{}' : args);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

/** True when the call's arguments satisfy the rule; arguments that are not a JSON object never do. */
export function ruleMatches(rule: ArgRule, args: string): boolean {
  const obj = argumentsObject(args);
  if (obj === null || !Object.hasOwn(obj, rule.argument)) return false;
  const v = obj[rule.argument];
  if (rule.test === 'starts-with') return typeof v === 'string' && v.startsWith(rule.value);
  return (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && String(v) === rule.value;
}

function propertyTypes(prop: unknown): string[] | null {
  if (typeof prop !== 'object' || prop === null) return null;
  const t = (prop as Record<string, unknown>).type;
  if (typeof t === 'string') return [t];
  return Array.isArray(t) && t.every((x) => typeof x === 'string') ? (t as string[]) : null;
}

/** What is wrong with a rule for a tool with this input schema, in words a person can act on; null when it is fine. */
export function ruleProblem(rule: ArgRule, schema: Record<string, unknown> | undefined): string | null {
  if (rule.argument.trim() === '') return 'Choose the argument the rule looks at.';
  if (rule.test === 'starts-with' && rule.value === '')
    return 'Give the text the argument must start with (an empty start would allow every call).';
  const props = schema?.properties;
  if (typeof props !== 'object' || props === null) return null;
  const names = Object.keys(props);
  if (!names.includes(rule.argument)) {
    return `"${rule.argument}" is not an argument of this tool${names.length > 0 ? ` (it has: ${names.join(', ')})` : ' (it takes none)'}.`;
  }
  const types = propertyTypes((props as Record<string, unknown>)[rule.argument]);
  if (rule.test === 'starts-with' && types !== null && !types.includes('string')) {
    return `"${rule.argument}" is not text (${types.join(' or ')}), so "starts with" cannot apply; use "is".`;
  }
  return null;
}

/** The arguments a rule may name: the schema's top-level properties, text ones first. */
export function ruleArguments(schema: Record<string, unknown> | undefined): string[] {
  const props = schema?.properties;
  if (typeof props !== 'object' || props === null) return [];
  const entries = Object.entries(props as Record<string, unknown>);
  const text = (p: unknown) => propertyTypes(p)?.includes('string') ?? true;
  return [...entries.filter(([, p]) => text(p)), ...entries.filter(([, p]) => !text(p))].map(([k]) => k);
}

export function describeRule(rule: ArgRule): string {
  return `when ${rule.argument} ${rule.test === 'starts-with' ? 'starts with' : 'is'} “${rule.value}”`;
}

export function sameRule(a: ArgRule | undefined, b: ArgRule | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.argument === b.argument && a.test === b.test && a.value === b.value;
}

export function isArgRule(v: unknown): v is ArgRule {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.argument === 'string' && (r.test === 'starts-with' || r.test === 'equals') && typeof r.value === 'string'
  );
}
