import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileFormat } from './file-format';

const foreign = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../__fixtures__/foreign/${name}`, import.meta.url)), 'utf8');
const sessionFile = readFileSync(
  fileURLToPath(new URL('../session-file/__fixtures__/export-v1.json', import.meta.url)),
  'utf8',
);
const zipHead = new Uint8Array([0x50, 0x4b, 3, 4]);
const jsonHead = new TextEncoder().encode('{"fo');

describe('fileFormat: the one decision of what a file is', () => {
  it('a .zip by name or by its first bytes, or several files together, is an archive; one JSON file is read as text', () => {
    expect(fileFormat({ step: 'picked', files: [{ name: 'export.zip', head: jsonHead }] })).toEqual({
      kind: 'archive',
    });
    expect(fileFormat({ step: 'picked', files: [{ name: 'download', head: zipHead }] })).toEqual({ kind: 'archive' });
    expect(
      fileFormat({
        step: 'picked',
        files: [
          { name: 'conversations-000.json', head: jsonHead },
          { name: 'export_manifest.json', head: jsonHead },
        ],
      }),
    ).toEqual({ kind: 'archive' });
    expect(fileFormat({ step: 'picked', files: [{ name: 'session.json', head: jsonHead }] })).toEqual({
      kind: 'toolscope',
    });
  });

  it('text that is not JSON is an AG-UI log when its first line is an event, else not JSON', () => {
    expect(fileFormat({ step: 'unparsed', text: foreign('agui-log.jsonl') })).toEqual({ kind: 'agui_json_lines' });
    expect(fileFormat({ step: 'unparsed', text: 'hello, world' })).toEqual({ kind: 'not_json' });
  });

  it('a parsed value is another app export, a trace, Chat Completions messages or a Toolscope file, by shape', () => {
    const parsed = (text: string) => fileFormat({ step: 'parsed', data: JSON.parse(text) as unknown });
    expect(parsed(foreign('chatgpt-conversations.json'))).toEqual({ kind: 'foreign', app: 'chatgpt' });
    expect(parsed(foreign('claude-conversations.json'))).toEqual({ kind: 'foreign', app: 'claude' });
    expect(fileFormat({ step: 'parsed', data: [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }] })).toEqual({
      kind: 'foreign',
      app: 'agui',
    });
    expect(fileFormat({ step: 'parsed', data: { resourceSpans: [] } })).toEqual({ kind: 'otlp' });
    expect(fileFormat({ step: 'parsed', data: [{ role: 'user', content: 'hi' }] })).toEqual({
      kind: 'openai_messages',
    });
    expect(parsed(sessionFile)).toEqual({ kind: 'toolscope' });
    // Not a Toolscope file either: the session-file check's envelope refuses it with its sentence.
    expect(fileFormat({ step: 'parsed', data: { hello: 'world' } })).toEqual({ kind: 'toolscope' });
  });

  it('is the only caller of the shape predicates outside their own files and tests (one answer to "where is a format recognised?")', () => {
    const io = fileURLToPath(new URL('..', import.meta.url));
    const predicates = /\b(foreignKindOf|looksLikeOtlpTraces|looksLikeOpenAIMessages|mayBeAguiJsonLines|isZipName)\(/;
    const callers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const calls = readFileSync(path, 'utf8')
            .split('\n')
            .filter((l) => predicates.test(l) && !/export (function|const)/.test(l));
          if (calls.length > 0) callers.push(path.slice(io.length));
        }
      }
    };
    walk(io);
    expect(callers).toEqual(['import/file-format.ts']);
  });
});
