/** The demo model's words (llm/demo-script.ts chooses which). Every answer says it is the demo and how to leave it. */
import type { ToolOutcome } from '../domain/messages';
import { isRecord } from '../domain/is-record';

export type DemoToolResult = { name: string; arguments: string; content: string; outcome: ToolOutcome };

const DEMO_FOOTER =
  '_— The demo model (in this page): a short script, not a real model. To chat with a real model, ' +
  'open **Settings**, pick a Base URL preset, enter your API key and choose a model._';

export function demoText(body: string): string {
  return `${body}\n\n${DEMO_FOOTER}`;
}

const TRY_LIST = [
  'Try one of these:',
  '',
  '- **What is 17 * 23?** — I compute it with the sandboxed `js_eval` tool.',
  '- **What time is it?** — I ask the `current_time` tool.',
  '- **Fetch https://example.com** — I call `fetch_url`, which asks for your approval first.',
  '',
  'Then open the **Timeline** to see each model turn and tool call, or **Export** the session.',
].join('\n');

const GREETING = /^\s*(hi|hello|hey|help|what can you do|who are you|what are you)\b/i;

/** The answer to anything the script has no tool for: what the demo is and what to ask it. */
export function introText(userText: string, computeAsked: boolean): string {
  const about =
    'I am the **demo model**: a small script that runs inside this page, with no API key and no network. ' +
    'The app around me is real: the agent loop, the sandboxed tools, approvals, the timeline and export work as they do with any model.';
  if (computeAsked)
    return (
      `${about}\n\nI could not find an expression to compute in your message. Write it with numbers ` +
      `and operators (\`2 ** 10 - sqrt(16)\`), or put code between backticks.\n\n${TRY_LIST}`
    );
  if (userText.trim() === '' || GREETING.test(userText)) return `Hello! ${about}\n\n${TRY_LIST}`;
  return `${about} So I cannot really answer “${quote(userText, 120)}”: I only follow a script.\n\n${TRY_LIST}`;
}

export function missingToolText(name: string): string {
  return (
    `I am the demo model, and for that I would call the \`${name}\` tool, but this session does ` +
    `not offer it. Turn tools on in **Settings** (or switch \`${name}\` on in the **Tools** view) and ask again.`
  );
}

/** An answer built only from the results the request carries. */
export function answerFromResults(results: readonly DemoToolResult[]): string {
  if (results.length === 0)
    return 'I am the demo model. I asked for a tool, but no result came back, so I have nothing to report.';
  return results.map(answerFromResult).join('\n\n');
}

function answerFromResult(r: DemoToolResult): string {
  const args = parseObject(r.arguments);
  if (r.outcome === 'denied') {
    if (r.name === 'fetch_url')
      return (
        `You denied the request, so I did not fetch ${String(args.url ?? 'the page')}: nothing was ` +
        `sent to it. I am the demo model, so that is all I can do here.`
      );
    return `You denied the \`${r.name}\` call, so I did not run it.`;
  }
  if (r.outcome === 'cancelled' || r.outcome === 'interrupted')
    return `The \`${r.name}\` call was stopped before it finished, so I have no result to report.`;
  const failed = r.outcome !== 'ok';
  switch (r.name) {
    case 'js_eval':
      return failed
        ? `The sandbox could not compute \`${String(args.expression ?? '')}\`. It said:\n\n${fence(r.content)}`
        : `**${String(args.expression ?? '')} = ${r.content}**\n\nI computed it by running \`${String(args.expression ?? '')}\` ` +
            `in \`js_eval\`, which evaluates JavaScript in a QuickJS sandbox with no network and no DOM. ` +
            `Open the tool row above to see its arguments and result.`;
    case 'current_time':
      return failed ? `The \`current_time\` tool failed:\n\n${fence(r.content)}` : timeAnswer(r.content);
    case 'fetch_url':
      return failed
        ? `Fetching ${String(args.url ?? 'the page')} failed:\n\n${fence(quote(r.content, 600))}`
        : `I fetched ${String(args.url ?? 'the page')} (${r.content.length.toLocaleString('en-US')} characters). It begins:\n\n${fence(quote(r.content, 400))}`;
    default:
      return `${failed ? `The \`${r.name}\` tool failed` : `The \`${r.name}\` tool returned`}:\n\n${fence(quote(r.content, 600))}`;
  }
}

function timeAnswer(content: string): string {
  const t = parseObject(content);
  if (typeof t.time !== 'string' || typeof t.date !== 'string')
    return `The \`current_time\` tool says:\n\n${fence(content)}`;
  const zone = [t.timeZone, t.utcOffset].filter((v) => typeof v === 'string' && v !== '').join(', ');
  return (
    `It is **${t.time}** on **${typeof t.weekday === 'string' ? `${t.weekday}, ` : ''}${t.date}**${zone ? ` (${zone})` : ''}, ` +
    `according to the \`current_time\` tool, which read this device's clock.`
  );
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return isRecord(v) ? v : {};
  } catch {
    return {};
  }
}

function quote(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A code block that the text cannot close early: its fence is longer than any run of backticks inside. */
function fence(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}text\n${text}\n${marks}`;
}
