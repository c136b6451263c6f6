import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The loop reads top to bottom as named steps (docs/architecture.md, "The run spine"): no function in agent/ grows
 * past LIMIT lines, counted from its first line to its last with nested functions inside it, on the formatted source.
 */
const LIMIT = 120;
const AGENT = join(process.cwd(), 'src', 'agent');

type Measured = { where: string; lines: number };

function functionLengths(fileName: string, text: string): Measured[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: Measured[] = [];
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = line(node.getStart(source));
      out.push({ where: `${fileName}:${first + 1}`, lines: line(node.getEnd()) - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function agentSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name === 'testing' || e.name.startsWith('__') ? [] : agentSources(join(dir, e.name));
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [join(dir, e.name)] : [];
  });
}

describe('the agent loop', () => {
  it(`has no function over ${LIMIT} lines`, () => {
    const long = agentSources(AGENT)
      .flatMap((f) => functionLengths(f.slice(AGENT.length + 1), readFileSync(f, 'utf8')))
      .filter((m) => m.lines > LIMIT)
      .map((m) => `${m.where} (${m.lines} lines)`);
    expect(long).toEqual([]);
  });

  it('measures a function from its first line to its last, arrows and methods too', () => {
    const text = [
      'function a() {',
      '  const b = () => {',
      '    return 1;',
      '  };',
      '}',
      'class C { m() { return 2; } }',
    ];
    expect(functionLengths('x.ts', text.join('\n')).map((m) => [m.where, m.lines])).toEqual([
      ['x.ts:1', 5],
      ['x.ts:2', 3],
      ['x.ts:6', 1],
    ]);
  });
});
