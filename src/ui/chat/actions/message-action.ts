import type { ComponentType } from 'react';
import type { AssistantMessage, UserMessage } from '../../../domain/messages';

/** What an action of a finished message knows (architecture.md, "A calm chat"). */
export type MessageActionContext = {
  sessionId: string;
  message: UserMessage | AssistantMessage;
  /** The session is running (here or in another tab) or read-only: nothing may start a run or change the path. */
  busy: boolean;
  /** The session is running (here or in another tab): a read-only trace is `busy` but not running, and its steps re-run. */
  running: boolean;
  /** An edit of this message is open. */
  editing: boolean;
};

/**
 * How a command ended, when it has something to say: `done` relabels its button and disables it ("Remembered",
 * "Copied"); `failed` shows the sentence under the message (role alert). Nothing: the button stays as it was.
 */
export type CommandResult = { kind: 'done'; label: string } | { kind: 'failed'; message: string } | undefined;

type ActionBase = {
  /** Stable and unique: the React key and the button's `data-action`. */
  id: string;
  /** The button's text and accessible name (a contract: docs/accessible-names.md). */
  label: string;
  /** Whether this message offers the action at all. */
  shows: (ctx: MessageActionContext) => boolean;
  /**
   * An action on the model step that made the message: its model turn's timeline details offer it too, the same entry
   * (`STEP_ACTIONS`; docs/accessible-names.md, "Step actions").
   */
  step?: true;
};

/** A button that does something: starts a run, opens a dialog, copies, saves. */
type MessageCommand = ActionBase & {
  kind: 'command';
  disabled?: (ctx: MessageActionContext) => boolean;
  run: (ctx: MessageActionContext) => CommandResult | void | Promise<CommandResult | void>;
};

/**
 * A button that opens a panel under the message (`aria-expanded`), a region named by the label; it stays open when the
 * pointer leaves, and the chat does not scroll away from it. The panel's code can be lazy (React.lazy) like any view.
 */
export type MessagePanel = ActionBase & {
  kind: 'panel';
  Panel: ComponentType<{ ctx: MessageActionContext }>;
};

/**
 * A button that opens a modal dialog (a form before something starts: "Re-run from here", "Try on other models").
 * The dialog closes itself through `onClose`; its code can be lazy like a panel's.
 */
type MessageDialog = ActionBase & {
  kind: 'dialog';
  disabled?: (ctx: MessageActionContext) => boolean;
  Dialog: ComponentType<{ ctx: MessageActionContext; onClose: () => void }>;
  /** Starts fetching the dialog's code when the pointer or focus reaches its button, so a click opens it sooner. */
  preload?: () => void;
};

export type MessageAction = MessageCommand | MessagePanel | MessageDialog;
