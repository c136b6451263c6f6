import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../store/ui-store';

const branch = vi.hoisted(() => ({ shown: true, running: false }));
vi.mock('../../store/session/branch-actions', () => ({ showBranchOf: () => Promise.resolve(branch.shown) }));
vi.mock('../../store/app-controller', () => ({ loadedRunController: () => ({ isRunning: () => branch.running }) }));

const { showInChat } = await import('./chat-link');

const detail = { sessionId: 's1', messageId: 'm1', callId: null };
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('window', { dispatchEvent: () => true });
  branch.shown = true;
  branch.running = false;
  // A fresh request drops any notice; clearing it leaves no jump pending.
  useUiStore.getState().showInChat(detail);
  useUiStore.getState().clearChatFocus();
});
afterEach(() => vi.unstubAllGlobals());

describe('"Show in chat" for a message on another branch', () => {
  it('leaves the jump pending for the chat when its branch is shown', async () => {
    showInChat(detail);
    await settle();
    expect(useUiStore.getState().chatFocus).toEqual(detail);
    expect(useUiStore.getState().chatNotice).toBeNull();
  });

  it('drops the jump and says why when the switch is refused while a run is live', async () => {
    branch.shown = false;
    branch.running = true;
    showInChat(detail);
    await settle();
    expect(useUiStore.getState().chatFocus).toBeNull();
    expect(useUiStore.getState().chatNotice).toEqual({
      sessionId: 's1',
      text: 'This message is on another branch: switch to it once the run ends.',
    });
  });

  it('leaves a later request alone when an earlier one is refused', async () => {
    branch.shown = false;
    showInChat(detail);
    const later = { sessionId: 's1', messageId: 'm2', callId: null };
    useUiStore.getState().showInChat(later);
    await settle();
    expect(useUiStore.getState().chatFocus).toEqual(later);
    expect(useUiStore.getState().chatNotice).toBeNull();
  });
});
