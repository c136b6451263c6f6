import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One door to a model endpoint (architecture.md, "Keys belong to endpoints"): outside the door and the run's lazy
// client, nothing in store/ builds a model client from a key. A second place would be a second answer to "which key
// goes to which endpoint".
const STORE = join(process.cwd(), 'src/store');
const ALLOWED = new Set(['settings/endpoint-door.ts', 'run/lazy-model-client.ts']);
const CLIENT_BUILDERS = /lazy-model-client['"]|llm\/(openai-client|responses-client|demo-model)['"]|\brunModelClient\(/;

function sources(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) return sources(dir, rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('the endpoint door', () => {
  it('is the only place in store/ (beside the run\'s lazy client) that builds a model client', () => {
    const builders = sources(STORE).filter((f) => !ALLOWED.has(f) && CLIENT_BUILDERS.test(readFileSync(join(STORE, f), 'utf8')));
    expect(builders).toEqual([]);
  });

  it('finds a builder where one is written (the scan is not blind)', () => {
    expect(CLIENT_BUILDERS.test("import { runModelClient } from '../run/lazy-model-client';")).toBe(true);
    expect(CLIENT_BUILDERS.test("await import('../../llm/openai-client')")).toBe(true);
    expect(sources(STORE)).toContain('settings/endpoint-door.ts');
  });
});
