// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactTestRoot } from '../testing/react-test-root';
import { SettingsForm } from './settings-form';

// Each endpoint's stored key is read with a promise the test settles, in whatever order it chooses.
const asked: { url: string; settle: (key: string) => void }[] = [];
vi.mock('../../store/settings/endpoint-door', async (original) => ({
  ...(await original<typeof import('../../store/settings/endpoint-door')>()),
  savedKeyFor: (url: string) => new Promise<string>((resolve) => asked.push({ url, settle: resolve })),
}));

const dom = reactTestRoot();

/** The form as Settings shows it: for a new session, inside the query client its model list uses. */
function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    dom.root.render(
      <QueryClientProvider client={client}>
        <SettingsForm initialKey="sk-test" session={null} onDone={() => {}} />
      </QueryClientProvider>,
    ),
  );
}

/** A field by its name: its aria-label, or the text of the label it sits in. */
function input(name: string): HTMLInputElement | HTMLSelectElement {
  const named = dom.host.querySelector<HTMLInputElement | HTMLSelectElement>(`[aria-label="${name}"]`);
  const labelled = [...dom.host.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(name))?.control;
  const el = named ?? labelled;
  if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) throw new Error(`no ${name}`);
  return el;
}

/** Sets a field's value as typing or choosing does, so React's onChange runs. */
function change(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

describe('the key field as the base URL changes', () => {
  it('keeps a key typed after two endpoint changes, even when the first lookup answers last', async () => {
    asked.length = 0;
    renderForm();
    const preset = input('Provider preset') as HTMLSelectElement;
    const anthropic = [...preset.options].find((o) => o.textContent === 'Anthropic');
    act(() => change(preset, anthropic?.value ?? ''));
    act(() => change(input('Base URL'), 'http://127.0.0.1:9/'));
    act(() => change(input('API key'), 'sk-typed'));
    expect(asked.map((a) => a.url)).toEqual([anthropic?.value, 'http://127.0.0.1:9/']);
    // The lookups answer out of order: the preset's endpoint (no key stored) last.
    await act(async () => asked[1]?.settle('sk-stored'));
    await act(async () => asked[0]?.settle(''));
    expect((input('API key') as HTMLInputElement).value).toBe('sk-typed');
  });

  it("shows the latest endpoint's stored key when nothing was typed, whatever order the lookups answer in", async () => {
    asked.length = 0;
    renderForm();
    act(() => change(input('Base URL'), 'http://127.0.0.1:8/'));
    act(() => change(input('Base URL'), 'http://127.0.0.1:9/'));
    // The latest endpoint holds the key the field already shows; the first one holds none and answers last.
    await act(async () => asked[1]?.settle('sk-test'));
    await act(async () => asked[0]?.settle(''));
    expect((input('API key') as HTMLInputElement).value).toBe('sk-test');
  });
});
