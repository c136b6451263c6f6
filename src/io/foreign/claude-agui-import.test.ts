import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { MessageRecord } from '../../db/records';
import { checkExportData } from '../session-file/check-file';
import { foreignKindOf, mayBeAguiJsonLines } from './detect';
import { convertJsonLines, convertParsed, type Converted } from './open-foreign';
import { NO_RESULT_TEXT } from './session-builder';
import { skippedEntryText } from './skipped-entry';

const fixture = (name: string) => readFileSync(new URL(`../__fixtures__/foreign/${name}`, import.meta.url), 'utf8');
let n = 0;
const opts = () => ({ now: 1_800_000_000_000, newId: () => `id-${++n}` });
function ok(c: Converted) {
  if (!c.ok) throw new Error(`conversion failed: ${c.failure.message}`);
  return c;
}
const shape = (ms: readonly MessageRecord[]) =>
  ms.map((m) =>
    m.role === 'tool'
      ? `tool:${m.name}=${m.content}`
      : m.role === 'assistant'
        ? `assistant:${m.content}${m.toolCalls.map((c) => ` [${c.name} ${c.arguments}]`).join('')}`
        : `${m.role}:${m.content}`,
  );

describe('Claude export import', () => {
  it('imports every conversation it can read and names each one left out, with the reason in words', async () => {
    const data = JSON.parse(fixture('claude-conversations.json')) as Record<string, unknown>[];
    const broken = {
      ...data[0]!,
      uuid: 'c-broken',
      name: 'Broken pruning notes',
      chat_messages: [{ uuid: 'x', sender: 'robot', text: 'hi' }],
    };
    const c = ok(await convertParsed([broken, ...data], 'claude', opts()));
    expect(c.file.sessions.map((s) => s.session.title)).toEqual(
      ok(await convertParsed(data, 'claude', opts())).file.sessions.map((s) => s.session.title),
    );
    expect(c.notes.skipped.map(skippedEntryText)).toEqual([
      'Conversation “Broken pruning notes”: not imported, it cannot be read (at $[0].chat_messages[0].sender, expected "human" or "assistant").',
    ]);
    const none = await convertParsed([broken], 'claude', opts());
    expect(!none.ok && none.failure.message).toMatch(
      /^This looks like a Claude data export, but nothing in it can be imported: its one entry cannot be read/,
    );
  });

  it('splits a message with tool blocks into replies, calls and results, and keeps thinking as reasoning', async () => {
    const data = JSON.parse(fixture('claude-conversations.json')) as unknown;
    expect(foreignKindOf(data)).toBe('claude');
    const c = ok(await convertParsed(data, 'claude', opts()));
    const [first, second] = c.file.sessions;
    expect(first!.session.title).toBe('Watering tomatoes');
    expect(shape(first!.messages)).toEqual([
      'user:How often should I water tomatoes?\n\n[attached: garden.jpg]',
      'assistant:Let me check the forecast. [web_search {"query":"rain forecast this week"}]',
      'tool:web_search=Rain on Thursday.',
      'assistant:Water deeply twice a week; skip Thursday, rain is forecast.',
    ]);
    const reply = first!.messages[1]!;
    expect(reply.role === 'assistant' && reply.reasoning).toBe('Check the weather first.');
    // An unnamed conversation takes its first message as title; text without content blocks still imports.
    expect(second!.session.title).toBe('Hello');
    expect(shape(second!.messages)).toEqual(['user:Hello', 'assistant:Hello! How can I help?']);
    expect(c.notes.leftOut.join(' ')).toMatch(/attachment or file/);
    expect(checkExportData(c.file).ok).toBe(true);
  });

  it('answers a call the export never answered, so the history stays valid, and refuses a wrong sender', async () => {
    const data = [
      {
        uuid: 'u',
        name: 'x',
        chat_messages: [
          { sender: 'human', text: 'go' },
          { sender: 'assistant', text: '', content: [{ type: 'tool_use', id: 't1', name: 'run', input: {} }] },
          { sender: 'human', text: 'and?' },
        ],
      },
    ];
    const c = ok(await convertParsed(data, 'claude', opts()));
    expect(shape(c.file.sessions[0]!.messages)).toEqual([
      'user:go',
      'assistant: [run {}]',
      `tool:run=${NO_RESULT_TEXT}`,
      'user:and?',
    ]);
    expect(checkExportData(c.file).ok).toBe(true);
    const bad = await convertParsed(
      [{ uuid: 'u', chat_messages: [{ sender: 'robot', text: 'hi' }] }],
      'claude',
      opts(),
    );
    expect(!bad.ok && bad.failure.message).toMatch(
      /\$\[0\]\.chat_messages\[0\]\.sender, expected "human" or "assistant"/,
    );
  });
});

describe('AG-UI event log import', () => {
  it('reads JSON Lines: user messages from RUN_STARTED input, replies, reasoning, calls and results; other events are counted', async () => {
    const text = fixture('agui-log.jsonl');
    expect(mayBeAguiJsonLines(text)).toBe(true);
    const c = ok(await convertJsonLines(text, opts()));
    expect(c.file.sessions).toHaveLength(1);
    const s = c.file.sessions[0]!;
    expect(shape(s.messages)).toEqual([
      'user:What is the weather in Paris?',
      'assistant:Let me look. [get_weather {"city":"Paris"}]',
      'tool:get_weather=18 °C, light rain',
      'assistant:It is 18 °C with light rain in Paris.',
      'user:Thanks! And tomorrow?',
      'assistant:Tomorrow looks dry.',
    ]);
    const call = s.messages[1]!;
    expect(call.role === 'assistant' && call.reasoning).toBe('The user wants weather; call the tool.');
    expect(c.notes.leftOut.join(' ')).toMatch(/1 × STATE_SNAPSHOT event/);
    expect(checkExportData(c.file).ok).toBe(true);
  });

  it('leaves out the events the published schemas refuse and the lines that are not JSON, naming each, and reads the rest', async () => {
    const events = fixture('agui-log.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const whole = ok(await convertParsed(events, 'agui', opts()));
    delete events[10]!.toolCallName;
    const partial = ok(await convertParsed(events, 'agui', opts()));
    expect(partial.file.sessions).toHaveLength(whole.file.sessions.length);
    expect(partial.notes.skipped.map(skippedEntryText)).toEqual([
      expect.stringMatching(
        /^Event 11 \(TOOL_CALL_START\): not imported, it cannot be read \(at \$\[10\]\.toolCallName, expected a valid AG-UI event/,
      ),
    ]);
    expect(checkExportData(partial.file).ok).toBe(true);

    const lines = fixture('agui-log.jsonl').trim().split('\n');
    const withJunk = ok(
      await convertJsonLines([...lines.slice(0, 3), '{not json', ...lines.slice(3)].join('\n'), opts()),
    );
    expect(withJunk.notes.skipped.map(skippedEntryText)).toEqual([
      'Line 4: not imported, it cannot be read (at line 4, expected one JSON event on each line).',
    ]);
    expect(withJunk.file.sessions).toHaveLength(whole.file.sessions.length);

    // A log with nothing readable but a run that says nothing is refused, saying why.
    const broken = await convertJsonLines('{"type":"RUN_STARTED","threadId":"t","runId":"r"}\n{not json\n', opts());
    expect(!broken.ok && broken.failure.message).toBe(
      'This looks like an AG-UI event log, but nothing in it can be imported: its one entry cannot be read (the first at line 2, expected one JSON event on each line).',
    );
  });
});
