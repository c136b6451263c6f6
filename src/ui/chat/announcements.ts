import type { StopReason } from '../../domain/stop-reason';
import type { ChatMessage } from '../../domain/messages';
import { isRecord } from '../../domain/is-record';

/**
 * What the chat's one polite live region says. Screen readers hear the end of a run, an approval request and a
 * stop, never each token: the message list itself stays `aria-live="off"`.
 */
const FIRST_WORDS = 12;
/** A "word" can be a megabyte of unbroken text: what is said stays a sentence, and the live region's layout small. */
const MOST_CHARS = 160;

export function firstWords(text: string, count = FIRST_WORDS): string {
  // Only the head is split: the rest of a long answer is never said.
  const trimmed = text.trim();
  const head = trimmed.slice(0, MOST_CHARS * 2);
  const words = head.split(/\s+/).filter(Boolean);
  const said = words.slice(0, count).join(' ');
  if (said.length > MOST_CHARS) return `${said.slice(0, MOST_CHARS)}…`;
  return words.length > count || head.length < trimmed.length ? `${said}…` : said;
}

/** The last assistant text of a run: the answer a person waited for. */
function lastAnswer(appended: readonly ChatMessage[]): string {
  for (let i = appended.length - 1; i >= 0; i -= 1) {
    const m = appended[i];
    if (m?.role === 'assistant' && m.content.trim()) return m.content;
  }
  return '';
}

export function runEndAnnouncement(stopReason: StopReason | null, appended: readonly ChatMessage[]): string {
  const answer = lastAnswer(appended);
  switch (stopReason) {
    case 'cancelled':
      return 'Run stopped.';
    case 'error':
      return 'The run failed. The error is shown above the Message box.';
    case 'max_turns':
      return 'The run stopped at the turn limit. Continue is offered above the Message box.';
    case 'max_tool_calls':
      return 'The run stopped at the tool call limit. Continue is offered above the Message box.';
    case 'length':
      return answer
        ? `Answer cut at the length limit: ${firstWords(answer)}`
        : 'The answer was cut at the length limit.';
    default:
      return answer ? `Answer finished: ${firstWords(answer)}` : 'Run finished.';
  }
}

function argumentsInWords(args: string): string {
  try {
    const parsed: unknown = JSON.parse(args);
    if (isRecord(parsed)) {
      return Object.entries(parsed)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(', ');
    }
  } catch {
    // Not JSON (a model's broken arguments): say them as they are.
  }
  return args;
}

/** The tool and what it wants, in a sentence; long arguments are cut to their first words. */
export function approvalAnnouncement(name: string, args: string): string {
  const shown = firstWords(argumentsInWords(args), 16);
  return shown
    ? `${name} wants to run with ${shown}. Approve or deny it below.`
    : `${name} wants to run. Approve or deny it below.`;
}
