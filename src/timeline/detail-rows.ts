import { outputTokensPerSecond, timeToFirstTokenMs, tokensPerSecondText } from '../domain/step-stats';
import { approvalText } from './approval-text';
import { formatMs } from './format';
import { errorLabel } from './layout';
import type { CallModel, RunModel, TurnModel } from './model';
import { STOP_REASON_WORDS } from './outcome-style';

/**
 * The label/value rows of the timeline's details panel (architecture.md, "Timeline"). A run read off an imported
 * file without times (`orderOnly`) has bars laid out by order only: its times were never recorded, so every time
 * figure says so rather than showing the layout's made-up offsets or a 0.
 */
export type DetailRow = [label: string, value: string];

export const NOT_KNOWN_TIME = 'not known (imported without times)';

type Attempt = TurnModel['attempts'][number];

const timed = (run: RunModel, text: () => string): string => (run.orderOnly ? NOT_KNOWN_TIME : text());

export function runRows(run: RunModel, costText: string): DetailRow[] {
  const why =
    run.state === 'live'
      ? 'running'
      : run.state === 'interrupted'
        ? 'interrupted (page closed or reloaded)'
        : run.stopReason
          ? STOP_REASON_WORDS[run.stopReason]
          : '—';
  return [
    ['Model', run.model || '—'],
    ['Started', timed(run, () => new Date(run.startedAt).toLocaleString())],
    ['Duration', timed(run, () => formatMs(run.duration))],
    ['Stop reason', why],
    [
      'Tokens',
      `${run.usage.promptTokens} in, ${run.usage.completionTokens} out${run.usage.estimated ? ' (estimated)' : ''}`,
    ],
    ['Cost', costText],
    ...(run.error ? [['Error', `${errorLabel(run.error)}: ${run.error.message}`] as DetailRow] : []),
  ];
}

function ttftText(start: number, firstTokenAt: number | null): string {
  const ms = timeToFirstTokenMs(start, firstTokenAt);
  return ms === null ? '—' : formatMs(ms);
}

export function attemptRows(run: RunModel, a: Attempt): DetailRow[] {
  const end = a.end ?? run.duration;
  const t = (text: () => string) => timed(run, text);
  return [
    ...(!run.orderOnly && a.queuedAt !== null && a.queuedAt < a.start
      ? [['Queued before sending', `${formatMs(a.start - a.queuedAt)} from ${formatMs(a.queuedAt)}`] as DetailRow]
      : []),
    ['Starts at', t(() => formatMs(a.start))],
    [
      'Waiting (to first token)',
      t(() => (a.firstTokenAt === null ? `${formatMs(end - a.start)}, no token` : formatMs(a.firstTokenAt - a.start))),
    ],
    ['Streaming', t(() => (a.firstTokenAt === null ? '—' : formatMs(end - a.firstTokenAt)))],
    ['Time to first token', t(() => ttftText(a.start, a.firstTokenAt))],
    [
      'Output tokens per second',
      t(() => tokensPerSecondText(outputTokensPerSecond(a.firstTokenAt, a.end, a.usage), a.usage?.estimated === true)),
    ],
    ['Finish reason', a.finishReason ?? '—'],
    ...(a.error ? [['Error', `${errorLabel(a.error)}: ${a.error.message}`] as DetailRow] : []),
    ...(a.retryInMs !== null ? [['Retry in', formatMs(a.retryInMs)] as DetailRow] : []),
  ];
}

export function callRows(run: RunModel, turn: TurnModel | null, call: CallModel): DetailRow[] {
  const end = call.end ?? run.duration;
  const t = (text: () => string) => timed(run, text);
  const rows: DetailRow[] = [
    ['Starts at', t(() => formatMs(call.start))],
    ['Duration', t(() => formatMs(end - call.start))],
    ['Approval', approvalText(call)],
  ];
  if (call.approval) {
    const approval = call.approval;
    rows.push([
      'Waited for approval',
      t(
        () =>
          `${formatMs((approval.end ?? end) - approval.start)}${approval.decision ? ` (${approval.decision})` : ''}`,
      ),
    ]);
  }
  if (call.runStart !== null) {
    const runStart = call.runStart;
    rows.push(['Ran for', t(() => formatMs(end - runStart))]);
  }
  rows.push(['Turn', String(turn?.sessionTurn ?? call.turn)], ['Run', String(run.index + 1)], ['Call id', call.callId]);
  return rows;
}

/** The replay's run time at its position: none for a run imported without times. */
export function replayTimeText(orderOnly: boolean, cursorT: number): string {
  return `Run time ${orderOnly ? NOT_KNOWN_TIME : formatMs(cursorT)}`;
}
