import { lazy } from 'react';
import { forkAt, regenerate } from '../../../store/session/branch-actions';
import { useEditDrafts } from '../../../store/session/edit-drafts';
import { rememberText } from '../../data/memory/memory-mutations';
import type { MessageAction } from './message-action';
import { useUiStore } from '../../../store/ui-store';
import { useComparisonRuns } from '../../../store/step/try-on-models-runs';
import { preloadable } from '../../shared/preloadable';

/**
 * THE list of what a finished message offers, in the order its buttons appear (architecture.md, "A calm chat").
 * To add an action ("Re-run from here", "Copy as Markdown", …), add an entry here: a `command` (a button that runs
 * something) or a `panel` (a button that opens a region under the message). `MessageActionBar` draws every entry the
 * same way: hidden at rest, shown on hover, on focus inside the message and behind "More actions". Add its name to
 * docs/accessible-names.md.
 */
// A panel's code loads when it first opens, not with the page (architecture.md, "Speed targets").
const RerunDialog = lazy(() => import('../../step/rerun-dialog'));
const TryModelsDialog = lazy(() => import('../../step/try-models-dialog'));
const { Component: StepRequestResponse, preload: loadStepRequestResponse } = preloadable(
  () => import('../../wire/step-request-response'),
);
const SentPromptPanel = lazy(() => import('../../context/sent-prompt').then((m) => ({ default: m.SentPromptPanel })));

export const MESSAGE_ACTIONS: readonly MessageAction[] = [
  {
    kind: 'command',
    id: 'edit',
    label: 'Edit',
    shows: ({ message }) => message.role === 'user',
    disabled: ({ busy, editing }) => busy || editing,
    // The open edit lives in a store, not the row: a row scrolled out of the virtualised list unmounts.
    run: ({ sessionId, message }) => useEditDrafts.getState().openEdit(sessionId, message.id, message.content),
  },
  {
    kind: 'command',
    id: 'regenerate',
    label: 'Regenerate',
    shows: ({ message }) => message.role === 'assistant',
    disabled: ({ busy }) => busy,
    run: ({ sessionId, message }) => void regenerate(sessionId, message.id),
  },
  {
    kind: 'command',
    id: 'fork',
    label: 'Fork',
    shows: () => true,
    run: ({ sessionId, message }) => void forkAt(sessionId, message.id),
  },
  {
    kind: 'command',
    id: 'remember',
    label: 'Remember',
    shows: ({ message }) => message.content.trim() !== '',
    run: async ({ sessionId, message }) => {
      try {
        await rememberText(message.content.trim(), sessionId);
        return { kind: 'done', label: 'Remembered' };
      } catch {
        return { kind: 'failed', message: 'Could not save the memory (browser storage refused it).' };
      }
    },
  },
  {
    kind: 'dialog',
    id: 'rerun',
    step: true,
    label: 'Re-run from here',
    // A step that came from a model request, again from its exact history (architecture.md, "Re-run from here").
    shows: ({ message }) => message.role === 'assistant' && message.runId !== '',
    // A recorded trace is read-only, yet its steps re-run as branches (architecture.md, "Trace inbox").
    disabled: ({ running }) => running,
    Dialog: ({ ctx, onClose }) =>
      ctx.message.role === 'assistant' ? (
        <RerunDialog sessionId={ctx.sessionId} message={ctx.message} onClose={onClose} />
      ) : null,
  },
  {
    kind: 'dialog',
    id: 'try-models',
    step: true,
    label: 'Try on other models',
    shows: ({ message }) => message.role === 'assistant' && message.runId !== '',
    disabled: ({ message }) => useComparisonRuns.getState().live[message.id] !== undefined,
    Dialog: ({ ctx, onClose }) =>
      ctx.message.role === 'assistant' ? (
        <TryModelsDialog sessionId={ctx.sessionId} message={ctx.message} onClose={onClose} />
      ) : null,
  },
  {
    kind: 'command',
    id: 'replay',
    label: 'Replay run',
    // A run's stored events played back through the live reducer (architecture.md, "Replay"); its code loads on use.
    shows: ({ message }) => message.role === 'assistant' && message.runId !== '',
    disabled: ({ busy }) => busy,
    run: async ({ sessionId, message }) => {
      if (message.role !== 'assistant' || !message.runId) return;
      (await import('../../../store/replay/replay-store')).startReplay(sessionId, message.runId);
    },
  },
  {
    kind: 'command',
    id: 'copy-markdown',
    label: 'Copy as Markdown',
    // The message and its tool calls, cut as the chat cuts them (architecture.md, "Import and export of other formats").
    shows: () => true,
    run: async ({ sessionId, message }) => {
      try {
        await (await import('../../io/interop-actions')).copyMessageMarkdown(sessionId, message.id);
        return { kind: 'done', label: 'Copied' };
      } catch (err) {
        return { kind: 'failed', message: `Not copied: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
  },
  {
    kind: 'command',
    id: 'save-case',
    step: true,
    label: 'Save as test case',
    // The step's request frozen with its recorded tool results (architecture.md, "Test cases and suites"); the dialog loads on use.
    shows: ({ message }) => message.role === 'assistant',
    run: ({ sessionId, message }) => useUiStore.getState().openSaveCase({ sessionId, messageId: message.id }),
  },
  {
    kind: 'dialog',
    id: 'request-response',
    step: true,
    label: 'Request and response',
    // Every byte the step's request sent and got back, as captured (docs/wire-capture.md).
    shows: ({ message }) => message.role === 'assistant' && message.runId !== '',
    Dialog: ({ ctx, onClose }) => (
      <StepRequestResponse sessionId={ctx.sessionId} messageId={ctx.message.id} onClose={onClose} />
    ),
    // Its module fetches the dialog's own code as it loads (ui/wire/step-request-response.tsx).
    preload: () => void loadStepRequestResponse().catch(() => undefined),
  },
  {
    kind: 'panel',
    id: 'sent',
    label: 'What was sent',
    shows: ({ message }) => message.role === 'assistant',
    Panel: SentPromptPanel,
  },
];

/**
 * What a model step offers wherever it is shown: its message's footer and its model turn's timeline details
 * (ui/step/step-actions.tsx) draw these same entries, so the two cannot offer different sets.
 */
export const STEP_ACTIONS: readonly MessageAction[] = MESSAGE_ACTIONS.filter((a) => a.step === true);
