/**
 * The first screen's words, shared by the real first screen and the start-up stand-in that paints before the app's
 * code and storage are ready (speed-and-tests.md, "Start-up"): both draw the same paragraphs, so the switch moves nothing.
 */
export const WELCOME_TEXT =
  'Welcome to Toolscope. To start, add your API key and choose an endpoint and model. The key stays in this browser.';
export const DEMO_OFFER_TEXT =
  'No key yet? Try the demo: a scripted model that runs in this page, with the real tools, approvals, timeline and export.';
export const READY_TEXT = 'Type a message to start a new session.';
export const DEMO_READY_TEXT =
  'Type a message to start a new session with the demo model (in this page). To use a real model, open Settings.';
export const COMPOSER_PLACEHOLDER = 'Message (Enter sends, Shift+Enter for a new line)';
export const IMPORT_KINDS = 'Toolscope sessions, OpenTelemetry traces, AG-UI logs, ChatGPT and Claude exports';
export const DROP_HINT = `Or drop a file anywhere on this page to open it: ${IMPORT_KINDS}.`;

/** Which first screen the last load of this browser showed: the stand-in draws that one before settings are read. */
export type FirstScreenKind = 'welcome' | 'ready' | 'demo';
