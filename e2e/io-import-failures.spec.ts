import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { dbSnapshot } from './support/stored-rows';
import {
  dropFile,
  FIXTURE_TEXT,
  fixtureObject,
  importDialog,
  importFixture,
  pickFile,
  type Loose,
} from './support/import-export';

type Fx = Loose & { sessions: { messages: Loose[]; session: Loose }[]; tools: Loose[] };
const broken = (edit: (f: Fx) => void) => {
  const f = fixtureObject() as Fx;
  edit(f);
  return JSON.stringify(f, null, 2);
};

const cases: { name: string; file: string; text: () => string; expect: (RegExp | string)[] }[] = [
  {
    name: 'truncated JSON',
    file: 'truncated.json',
    text: () => FIXTURE_TEXT.slice(0, 4000),
    expect: [/Not valid JSON at line \d+, column \d+ \(character 4000\)/, /ends early/],
  },
  {
    name: 'corrupt JSON (trailing comma)',
    file: 'corrupt.json',
    text: () => FIXTURE_TEXT.replace('"format": "toolscope-session",', '"format": "toolscope-session",,'),
    expect: [/Not valid JSON at line 2, column 33/],
  },
  {
    name: 'wrong type and unknown role',
    file: 'types.json',
    text: () =>
      broken((f) => {
        f.sessions[0]!.messages[1]!.role = 'robot';
        f.sessions[0]!.session.messageCount = 'nine';
      }),
    expect: [
      '$.sessions[0].messages[1].role',
      'one of "system", "user", "assistant", "tool"',
      '$.sessions[0].session.messageCount',
      'a value of type integer',
    ],
  },
  {
    name: 'huge strings',
    file: 'huge.json',
    text: () =>
      broken((f) => {
        f.sessions[0]!.session.title = 'x'.repeat(2_001);
        f.sessions[0]!.messages[0]!.content = 'A'.repeat(5_000_001);
      }),
    expect: [
      '$.sessions[0].session.title',
      'a string of at most 2000 characters',
      '$.sessions[0].messages[0].content',
      'a string of at most 5000000 characters',
    ],
  },
  {
    name: 'prototype pollution key',
    file: 'hostile.json',
    text: () => FIXTURE_TEXT.replace('"settings": {', '"settings": { "__proto__": { "isAdmin": true },'),
    expect: ['$.sessions[0].session.settings.__proto__', 'prototype pollution'],
  },
  {
    name: 'a tool call without its result (architecture.md, invariant 1)',
    file: 'history.json',
    text: () =>
      broken((f) => {
        f.sessions[0]!.messages.splice(3, 1);
      }),
    expect: ['$.sessions[0].messages[1]', '"call_t0kY0" has no tool result'],
  },
  {
    name: 'another format',
    file: 'package.json',
    text: () => JSON.stringify({ name: 'not-an-export', version: '1.0.0' }),
    expect: ['$.format', 'not a Toolscope session export'],
  },
  {
    name: 'an OpenAI messages file with a tool result that answers no call',
    file: 'orphan-openai-messages.json',
    text: () =>
      JSON.stringify([
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'tool', tool_call_id: 'call_gone', content: '{"temp":14}' },
        { role: 'assistant', content: 'Sunny.' },
      ]),
    expect: ['a tool call and its result must come in pairs', '$[1]', '"call_gone" answers no open tool call'],
  },
];

test.describe('a file that fails changes nothing', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await importFixture(page);
  });

  for (const c of cases) {
    test(c.name, async ({ page }) => {
      const before = await dbSnapshot(page);
      expect(before.sessions).toHaveLength(1);
      await pickFile(page, c.file, c.text());
      const alert = importDialog(page).getByRole('alert');
      await expect(alert).toContainText('Nothing was imported.');
      for (const e of c.expect) await expect(alert).toContainText(e);
      await expect(importDialog(page).getByRole('button', { name: 'Import sessions' })).toHaveCount(0);
      await importDialog(page).getByRole('button', { name: 'Close' }).click();
      expect(await dbSnapshot(page)).toEqual(before);
      expect(await page.evaluate(() => (({}) as Record<string, unknown>).isAdmin)).toBeUndefined();
    });
  }

  test('a dropped file that is not JSON is refused', async ({ page }) => {
    const before = await dbSnapshot(page);
    await dropFile(page, 'notes.txt', 'just some notes', 'text/plain');
    await expect(importDialog(page).getByRole('alert')).toContainText(
      '"notes.txt" is not a .json, .jsonl or .zip file',
    );
    await importDialog(page).getByRole('button', { name: 'Close' }).click();
    expect(await dbSnapshot(page)).toEqual(before);
  });

  test('the problem list shows the first 20 problems and counts the rest', async ({ page }) => {
    const before = await dbSnapshot(page);
    const f = fixtureObject() as Fx;
    const events = (f.sessions[0] as unknown as { events: Loose[] }).events;
    for (const e of events) e.seq = -1;
    await pickFile(page, 'many.json', JSON.stringify(f));
    const problems = importDialog(page).getByRole('list', { name: 'Problems' }).getByRole('listitem');
    await expect(problems).toHaveCount(20);
    await expect(importDialog(page).getByRole('alert')).toContainText(`…and ${events.length - 20} more.`);
    await importDialog(page).getByRole('button', { name: 'Close' }).click();
    expect(await dbSnapshot(page)).toEqual(before);
  });
});
