/*
 * Finds `pattern`s in a JSON Schema that can make a regular-expression engine backtrack for exponential time.
 * Ajv tests `pattern` with the JavaScript engine, which backtracks: `^(a+)+$` against forty "a" and a "!" tries
 * every way of splitting the "a"s between the two loops, and the validation worker never comes back. The argument
 * check has a deadline for whatever slips through; this names the usual culprits when a schema is saved.
 *
 * The heuristic (documented, not a proof). A repetition that may run more than once (`*`, `+`, `{2,}`, `{1,5}`, ...)
 * is flagged when its body can match the same text in more than one way:
 *  1. nested repetition: the body holds another repetition of variable length and neither its first nor its last
 *     element is a single character that the inner repetitions cannot match. `(\d+\.)*` and `(-[a-z]+)*` pass (the
 *     "." or "-" fixes where each round starts or ends); `(a+)+`, `(\w+\s?)*` and `(\d+\.\d+)*` are flagged;
 *  2. overlapping alternatives: an alternative that is a single character which another alternative can also start
 *     with, as in `(a|a)*`, `(a|ab)+` or `(\w|\d)+`.
 * Adjacent loops that overlap (`\d+\d+`) cost polynomial time only and are left to the deadline. Lookarounds count
 * as taking no characters; a backreference or a Unicode property counts as any character.
 */
// The default import: regjsparser is CommonJS that Node's ESM loader exposes only as `default` (no named `parse`),
// while bundlers and Vitest offer both; `npm run test:promptfoo` loads this file in plain Node.
import regjsparser, { type AstNode, type Quantifier, type RootNode } from 'regjsparser';
import { isRecord } from '../../domain/is-record';

const { parse } = regjsparser;

type UnsafePattern = {
  /** JSON Pointer to the pattern in the schema (".../pattern", or ".../patternProperties/<key>"). */
  path: string;
  pattern: string;
  reason: 'nested_repetition' | 'overlapping_alternatives';
};

/** Every pattern in `schema` (under `pattern` and as `patternProperties` keys) that the heuristic flags. */
export function findUnsafePatterns(schema: unknown): UnsafePattern[] {
  const found: UnsafePattern[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${path}/${i}`));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${path}/${escapePointer(key)}`;
      // Instance data, not schemas: a "pattern" in there is just a value.
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === 'pattern' && typeof value === 'string') {
        const reason = patternRisk(value);
        if (reason) found.push({ path: at, pattern: value, reason });
        continue;
      }
      if (key === 'patternProperties' && isRecord(value)) {
        for (const [pattern, sub] of Object.entries(value)) {
          const reason = patternRisk(pattern);
          if (reason) found.push({ path: `${at}/${escapePointer(pattern)}`, pattern, reason });
          visit(sub, `${at}/${escapePointer(pattern)}`);
        }
        continue;
      }
      visit(value, at);
    }
  };
  visit(schema, '');
  return found;
}

/** A message a person can act on, for the editor and for imports. */
export function describeUnsafePattern(u: UnsafePattern): string {
  return `${u.path || '/'}: ${patternRiskWords(u.pattern, u.reason)}`;
}

/** Why `pattern` is refused and how to rewrite it, as a sentence (also for a test case's "Answer matches"). */
export function patternRiskWords(pattern: string, reason: UnsafePattern['reason']): string {
  const why =
    reason === 'nested_repetition'
      ? 'it repeats a part that itself repeats (like "(a+)+")'
      : 'it repeats a choice whose options can match the same text (like "(a|a)*")';
  return (
    `the pattern "${pattern}" can take exponential time on some inputs: ${why}, so a near-miss ` +
    'makes the check try every way of splitting the text. Rewrite it so each character can be matched only one way ' +
    '(e.g. "^[a-z]+(-[a-z]+)*$" rather than "^([a-z]+-?)*$").'
  );
}

const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Why `pattern` is risky, or null; a pattern that does not parse is left to Ajv, which reports it. `flags` as the
 * pattern will run: Ajv compiles with "u", a test case's "Answer matches" with none.
 */
export function patternRisk(pattern: string, flags: '' | 'u' = 'u'): UnsafePattern['reason'] | null {
  let ast: RootNode<Features>;
  try {
    ast = parse(pattern, flags, FEATURES);
  } catch {
    return null;
  }
  return riskIn(ast);
}

type Features = { lookbehind: true; namedGroups: true; unicodePropertyEscape: true };
const FEATURES: Features = { lookbehind: true, namedGroups: true, unicodePropertyEscape: true };
type Node = AstNode<Features>;

function riskIn(node: Node): UnsafePattern['reason'] | null {
  if (node.type === 'quantifier') {
    const own = repeats(node) ? quantifierRisk(node) : null;
    if (own) return own;
  }
  for (const child of children(node)) {
    const r = riskIn(child);
    if (r) return r;
  }
  return null;
}

function children(node: Node): Node[] {
  switch (node.type) {
    case 'alternative':
    case 'disjunction':
    case 'group':
    case 'quantifier':
      return node.body;
    default:
      return [];
  }
}

const repeats = (q: Quantifier<Features>) => q.max === undefined || q.max > 1;
const variable = (q: Quantifier<Features>) => q.max === undefined || q.max > q.min;

function quantifierRisk(q: Quantifier<Features>): UnsafePattern['reason'] | null {
  const body = q.body[0];
  const alternatives = alternativesOf(body);
  const inner = innerVariableChars(body);
  for (const alt of alternatives) {
    if (!containsVariable(alt)) continue;
    const seq = sequence(alt);
    const ends = [seq[0], seq[seq.length - 1]];
    const anchored = ends.some((el) => {
      const chars = el ? mandatoryChar(el) : null;
      return chars !== null && !intersects(chars, inner);
    });
    if (!anchored) return 'nested_repetition';
  }
  for (let i = 0; i < alternatives.length; i++) {
    const alone = singleChar(alternatives[i]);
    if (alone === null) continue;
    for (let j = 0; j < alternatives.length; j++) {
      if (j !== i && intersects(alone, firstChars(sequence(alternatives[j])))) return 'overlapping_alternatives';
    }
  }
  return null;
}

/** The alternatives of a body: `(a|b)` gives a and b; anything else is its own only alternative. */
function alternativesOf(node: Node): Node[] {
  const unwrapped = unwrapGroup(node);
  return unwrapped.type === 'disjunction' ? unwrapped.body : [unwrapped];
}

function unwrapGroup(node: Node): Node {
  if (
    node.type === 'group' &&
    (node.behavior === 'normal' || node.behavior === 'ignore') &&
    node.body.length === 1 &&
    node.body[0]
  ) {
    return unwrapGroup(node.body[0]);
  }
  return node;
}

/** The elements matched one after another, through plain groups; zero-width parts (anchors, lookarounds) left out. */
function sequence(node: Node | undefined): Node[] {
  if (!node) return [];
  switch (node.type) {
    case 'alternative':
      return node.body.flatMap((n) => sequence(n));
    case 'group':
      if (node.behavior !== 'normal' && node.behavior !== 'ignore') return [];
      return node.body.length === 1 && node.body[0]?.type !== 'disjunction'
        ? sequence(node.body[0])
        : node.body.flatMap((n) => sequence(n));
    case 'anchor':
      return [];
    case 'quantifier':
      return node.min === 1 && node.max === 1 ? sequence(node.body[0]) : [node];
    default:
      return [node];
  }
}

function containsVariable(node: Node): boolean {
  if (node.type === 'quantifier' && variable(node)) return true;
  return children(node).some(containsVariable);
}

/** Every character a variable-length repetition inside `node` can take. */
function innerVariableChars(node: Node): CharSet {
  if (node.type === 'quantifier' && variable(node)) return allChars(node);
  return children(node).reduce<CharSet>((acc, c) => union(acc, innerVariableChars(c)), []);
}

/** Every character `node` can take anywhere. */
function allChars(node: Node): CharSet {
  if (node.type === 'group' && node.behavior !== 'normal' && node.behavior !== 'ignore') return [];
  if (node.type === 'reference') return ANY;
  const own = singleChar(node);
  if (own !== null) return own;
  return children(node).reduce<CharSet>((acc, c) => union(acc, allChars(c)), []);
}

/** The characters of an element that must match exactly one character: `x`, `[a-z]`, `\d`, `.`, `x{2}`. */
function mandatoryChar(node: Node): CharSet | null {
  if (node.type === 'quantifier')
    return node.min === node.max && node.min >= 1 && node.body[0] ? singleChar(node.body[0]) : null;
  return singleChar(node);
}

function singleChar(node: Node | undefined): CharSet | null {
  if (!node) return null;
  switch (node.type) {
    case 'value':
      return [[node.codePoint, node.codePoint]];
    case 'dot':
      return DOT;
    case 'characterClassEscape':
      return ESCAPES[node.value];
    case 'unicodePropertyEscape':
      return ANY;
    case 'characterClass': {
      if (node.kind !== 'union') return ANY;
      let set: CharSet = [];
      for (const part of node.body) {
        if (part.type === 'characterClassRange') set = union(set, [[part.min.codePoint, part.max.codePoint]]);
        else if (part.type === 'value') set = union(set, [[part.codePoint, part.codePoint]]);
        else if (part.type === 'characterClassEscape') set = union(set, ESCAPES[part.value]);
        else set = ANY;
      }
      return node.negative ? complement(set) : set;
    }
    case 'group':
    case 'alternative': {
      const seq = sequence(node);
      return seq.length === 1 && seq[0] ? singleChar(seq[0]) : null;
    }
    default:
      return null;
  }
}

/** The characters a sequence can start with. */
function firstChars(seq: Node[]): CharSet {
  let set: CharSet = [];
  for (const el of seq) {
    set = union(set, startOf(el));
    if (!canBeEmpty(el)) break;
  }
  return set;
}

function startOf(node: Node): CharSet {
  const single = singleChar(node);
  if (single !== null) return single;
  if (node.type === 'quantifier') return firstChars(sequence(node.body[0]));
  if (node.type === 'disjunction')
    return node.body.reduce<CharSet>((acc, alt) => union(acc, firstChars(sequence(alt))), []);
  if (node.type === 'reference') return ANY;
  return firstChars(sequence(node));
}

function canBeEmpty(node: Node): boolean {
  if (node.type === 'quantifier') return node.min === 0 || node.body.every(canBeEmpty);
  if (node.type === 'disjunction') return node.body.some((alt) => sequence(alt).every(canBeEmpty));
  if (node.type === 'reference') return true;
  return singleChar(node) === null && sequence(node).every(canBeEmpty);
}

/* Sets of code points as sorted, non-overlapping [from, to] ranges. */
type CharSet = [number, number][];

const MAX = 0x10ffff;
const ANY: CharSet = [[0, MAX]];
const LINE_TERMINATORS: CharSet = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];
const DOT = complement(LINE_TERMINATORS);
const DIGIT: CharSet = [[48, 57]];
const WORD: CharSet = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: CharSet = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const ESCAPES: Record<'d' | 'D' | 'w' | 'W' | 's' | 'S', CharSet> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

function union(a: CharSet, b: CharSet): CharSet {
  const all = [...a, ...b].sort((x, y) => x[0] - y[0]);
  const out: CharSet = [];
  for (const [from, to] of all) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: CharSet = [];
  let next = 0;
  for (const [from, to] of union(set, [])) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (!x || !y) break;
    if (x[1] < y[0]) i++;
    else if (y[1] < x[0]) j++;
    else return true;
  }
  return false;
}
