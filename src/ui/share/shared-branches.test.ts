import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ROOT_BRANCH } from '../../domain/branches';
import { convertParsed } from '../../io/foreign/open-foreign';
import { sharedBranchView } from './shared-branches';

const fixture = (name: string) =>
  readFileSync(new URL(`../../io/__fixtures__/foreign/${name}`, import.meta.url), 'utf8');

async function branchedSession() {
  let n = 0;
  const c = await convertParsed(JSON.parse(fixture('chatgpt-conversations.json')), 'chatgpt', {
    now: 1,
    newId: () => `id-${++n}`,
  });
  if (!c.ok) throw new Error(c.failure.message);
  return c.file.sessions.find((s) => s.session.title === 'Sunflowers and sums')!;
}
const texts = (ms: { role: string; content: string }[]) =>
  ms.filter((m) => m.role !== 'tool').map((m) => m.content.split('\n')[0]);

describe('a shared session’s branches', () => {
  it('starts on the branch the sender had open and offers every other one at the message where it forks', async () => {
    const entry = await branchedSession();
    const first = sharedBranchView(entry, null);
    expect(texts(first.messages)).toContain('The product is 391.');
    // Two places have alternatives: the first question (edited) and the reply after the tool (regenerated).
    expect([...first.siblings.values()].map((s) => `${s.position + 1} / ${s.options.length}`)).toEqual([
      '1 / 2',
      '1 / 2',
    ]);

    // Showing the regenerated reply: the path switches there, the messages before it stay.
    const reply = [...first.siblings.entries()].find(
      ([id]) => first.messages.find((m) => m.id === id)?.role === 'assistant',
    )!;
    const other = sharedBranchView(entry, reply[1].options[1]!.branchId);
    expect(texts(other.messages)).toContain('17 × 23 = 391.');
    expect(texts(other.messages)).not.toContain('The product is 391.');
    expect(other.messages[0]!.id).toBe(first.messages[0]!.id);
    expect(other.siblings.get(other.messages.find((m) => m.content === '17 × 23 = 391.')!.id)?.position).toBe(1);

    // The edited first question is a branch from the start.
    const question = [...first.siblings.entries()].find(
      ([id]) => first.messages.find((m) => m.id === id)?.role === 'user',
    )!;
    const edited = sharedBranchView(entry, question[1].options[1]!.branchId);
    expect(texts(edited.messages)).toEqual(['How tall do sunflowers grow?', 'Up to about 3 metres.']);
    // Back to the root, and a branch id the session does not have shows the sender's.
    expect(sharedBranchView(entry, ROOT_BRANCH).messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));
    expect(sharedBranchView(entry, 'no-such-branch').messages.map((m) => m.id)).toEqual(
      first.messages.map((m) => m.id),
    );
  });

  it('a straight session is its messages in order, with no alternatives', async () => {
    const entry = await branchedSession();
    const straight = {
      ...entry,
      session: { ...entry.session, branches: [] },
      messages: entry.messages.filter((m) => m.branchId === undefined).reverse(),
    };
    const view = sharedBranchView(straight, null);
    expect(view.messages.map((m) => m.order)).toEqual([...view.messages.map((m) => m.order)].sort((a, b) => a - b));
    expect(view.siblings.size).toBe(0);
  });
});
