/**
 * Finds the arithmetic in a sentence ("what is 17*23?", "compute 2^10 minus sqrt(16)") and writes it as a JavaScript
 * expression for `js_eval`. A small tokenizer rather than one regular expression: the longest run of numbers,
 * operators, brackets and known functions wins, so words around it ("what is", "please") are left out.
 */

const WORD_OPERATORS: readonly [RegExp, string][] = [
  [/\bmultiplied by\b/gi, '*'],
  [/\bdivided by\b/gi, '/'],
  [/\btimes\b/gi, '*'],
  [/\bplus\b/gi, '+'],
  [/\bminus\b/gi, '-'],
  [/\bmod(?:ulo)?\b/gi, '%'],
  [/\bto the power of\b/gi, '**'],
  [/\bsquare root of\s+([\d.]+)/gi, 'sqrt($1)'],
];

/** The functions a person may write by name; each becomes `Math.<name>`. */
const FUNCTIONS = new Set([
  'sqrt',
  'cbrt',
  'abs',
  'round',
  'floor',
  'ceil',
  'sin',
  'cos',
  'tan',
  'log',
  'log2',
  'log10',
  'exp',
  'pow',
  'min',
  'max',
]);
/** Only pi: "e" is too common a word to read as a number. */
const CONSTANTS: Readonly<Record<string, string>> = { pi: 'Math.PI' };

type Token =
  | { kind: 'number'; text: string }
  | { kind: 'operator'; text: string }
  | { kind: 'open' | 'close' | 'comma' }
  | { kind: 'function'; name: string }
  | { kind: 'constant'; js: string }
  | { kind: 'break' };

function normalise(text: string): string {
  let s = text.replace(/[×·∙]/g, '*').replace(/[÷∶]/g, '/').replace(/[−–]/g, '-').replace(/\^/g, '**');
  // "3 x 4": an x between numbers is a multiplication sign.
  s = s.replace(/([\d)])\s*[xX]\s*(?=[\d(])/g, '$1*');
  // Thousands separators ("1,234") would read as two arguments.
  s = s.replace(/(\d),(\d{3})(?!\d)/g, '$1$2');
  for (const [pattern, replacement] of WORD_OPERATORS) s = s.replace(pattern, replacement);
  return s;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|(\*\*|[-+*/%])|(\()|(\))|(,)|([A-Za-z_][A-Za-z0-9_]*)|(\S))/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null && m[0] !== '') {
    if (m[1] !== undefined) tokens.push({ kind: 'number', text: m[1] });
    else if (m[2] !== undefined) tokens.push({ kind: 'operator', text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: 'open' });
    else if (m[4] !== undefined) tokens.push({ kind: 'close' });
    else if (m[5] !== undefined) tokens.push({ kind: 'comma' });
    else if (m[6] !== undefined) {
      const word = m[6].toLowerCase();
      const constant = CONSTANTS[word];
      if (FUNCTIONS.has(word)) tokens.push({ kind: 'function', name: word });
      else if (constant !== undefined) tokens.push({ kind: 'constant', js: constant });
      else tokens.push({ kind: 'break' });
    } else tokens.push({ kind: 'break' });
  }
  return tokens;
}

function render(tokens: readonly Token[]): string {
  let out = '';
  let prev: Token['kind'] | null = null;
  for (const t of tokens) {
    // A sign ("-3", "2 * -3") sticks to its operand; a binary operator gets a space on each side.
    const sign = t.kind === 'operator' && (prev === null || prev === 'operator' || prev === 'open' || prev === 'comma');
    prev = t.kind;
    switch (t.kind) {
      case 'number':
        out += t.text;
        break;
      case 'operator':
        out += sign ? t.text : ` ${t.text} `;
        break;
      case 'open':
        out += '(';
        break;
      case 'close':
        out += ')';
        break;
      case 'comma':
        out += ', ';
        break;
      case 'function':
        out += `Math.${t.name}`;
        break;
      case 'constant':
        out += t.js;
        break;
      case 'break':
        break;
    }
  }
  return out
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Whether the tokens read as one expression: brackets balance, operands and operators alternate. */
function wellFormed(tokens: readonly Token[]): boolean {
  let depth = 0;
  let expectOperand = true;
  let afterFunction = false;
  for (const t of tokens) {
    // A function name is only a call when its bracket follows.
    if (afterFunction && t.kind !== 'open') return false;
    afterFunction = t.kind === 'function';
    if (t.kind === 'open') {
      if (!expectOperand) return false;
      depth++;
    } else if (t.kind === 'close') {
      if (expectOperand || depth === 0) return false;
      depth--;
    } else if (t.kind === 'number' || t.kind === 'constant') {
      if (!expectOperand) return false;
      expectOperand = false;
    } else if (t.kind === 'function') {
      if (!expectOperand) return false;
    } else if (t.kind === 'operator') {
      // A sign before an operand ("-3", "2 * -3") is fine; two binary operators in a row are not.
      if (expectOperand && t.text !== '-' && t.text !== '+') return false;
      expectOperand = true;
    } else if (t.kind === 'comma') {
      if (expectOperand || depth === 0) return false;
      expectOperand = true;
    } else return false;
  }
  return depth === 0 && !expectOperand;
}

/** Counts what makes a run worth computing: an operator between operands, or a function. */
function isComputation(tokens: readonly Token[]): boolean {
  const operands = tokens.filter((t) => t.kind === 'number' || t.kind === 'constant').length;
  const binary = tokens.some(
    (t, i) => t.kind === 'operator' && i > 0 && tokens[i - 1]?.kind !== 'operator' && tokens[i - 1]?.kind !== 'open',
  );
  return (operands >= 2 && binary) || (operands >= 1 && tokens.some((t) => t.kind === 'function'));
}

/** Trims a run to its longest well-formed stretch that starts at an operand (or sign, bracket or function). */
function longestExpression(run: readonly Token[]): Token[] | null {
  let best: Token[] | null = null;
  for (let start = 0; start < run.length; start++) {
    for (let end = run.length; end > start; end--) {
      if (best && end - start <= best.length) break;
      const slice = run.slice(start, end);
      if (wellFormed(slice) && isComputation(slice)) {
        best = slice;
        break;
      }
    }
  }
  return best;
}

/** How much of a message is searched: a long paste is not arithmetic, and the search grows with its length. */
const SEARCHED_CHARS = 400;

/** The arithmetic in `text` as a JavaScript expression, or null when there is none. */
export function findExpression(text: string): string | null {
  const tokens = tokenize(normalise(text.slice(0, SEARCHED_CHARS)));
  let best: Token[] | null = null;
  let run: Token[] = [];
  const close = () => {
    const found = run.length > 0 ? longestExpression(run) : null;
    if (found && (!best || found.length > best.length)) best = found;
    run = [];
  };
  for (const t of tokens) {
    if (t.kind === 'break') close();
    else run.push(t);
  }
  close();
  return best ? render(best) : null;
}

/** Code the person wrote between backticks (`…` or a fenced block), for "compute `…`" requests. */
export function findCode(text: string): string | null {
  const fenced = /```[a-z]*\n([\s\S]*?)```/i.exec(text);
  if (fenced?.[1]?.trim()) return fenced[1].trim();
  const inline = /`([^`\n]+)`/.exec(text);
  return inline?.[1]?.trim() || null;
}
