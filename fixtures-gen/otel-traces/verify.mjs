/**
 * Checks the fixtures in src/traces/__fixtures__: every line parses, is in the Collector's shape (int64 as decimal
 * strings, hex ids), each trace is spread over two export requests, and the attributes that carry the request are
 * there (or, for the no-content run, are not). `node verify.mjs`; generate.mjs runs it after writing.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../src/traces/__fixtures__/', import.meta.url));

/** span name -> attribute keys it must have; `absent`: keys it must not have. */
const EXPECT = {
  'ai-sdk-generate-text': {
    'ai.generateText': ['ai.prompt', 'ai.response.text', 'ai.settings.temperature'],
    'ai.generateText.doGenerate': ['ai.prompt.messages', 'ai.prompt.tools', 'ai.prompt.toolChoice', 'gen_ai.request.model', 'gen_ai.request.temperature', 'gen_ai.request.max_tokens', 'ai.usage.inputTokens'],
    'ai.toolCall': ['ai.toolCall.name', 'ai.toolCall.id', 'ai.toolCall.args', 'ai.toolCall.result'],
  },
  'ai-sdk-stream-text': {
    'ai.streamText': ['ai.prompt', 'ai.response.text'],
    'ai.streamText.doStream': ['ai.prompt.messages', 'ai.prompt.tools', 'ai.prompt.toolChoice', 'gen_ai.request.temperature', 'gen_ai.request.max_tokens'],
    'ai.toolCall': ['ai.toolCall.name', 'ai.toolCall.id', 'ai.toolCall.args', 'ai.toolCall.result'],
  },
  'ai-sdk-no-content': {
    'ai.generateText.doGenerate': ['gen_ai.request.model', 'gen_ai.request.temperature', 'ai.usage.inputTokens'],
    'ai.toolCall': ['ai.toolCall.name', 'ai.toolCall.id'],
    absent: ['ai.prompt', 'ai.prompt.messages', 'ai.prompt.tools', 'ai.prompt.toolChoice', 'ai.response.text', 'ai.response.toolCalls', 'ai.toolCall.args', 'ai.toolCall.result'],
  },
  'ai-sdk-error': {
    'ai.generateText.doGenerate': ['ai.prompt.messages', 'ai.prompt.tools'],
    'ai.toolCall': ['ai.toolCall.id', 'ai.toolCall.result'],
  },
  'openinference-openai': {
    'OpenAI Chat Completions': ['llm.model_name', 'llm.invocation_parameters', 'llm.input_messages.0.message.role', 'llm.input_messages.0.message.content', 'llm.tools.0.tool.json_schema', 'input.value', 'llm.token_count.prompt'],
    get_weather: ['openinference.span.kind', 'tool.name', 'tool_call.id', 'input.value', 'output.value'],
    'weather-agent': ['openinference.span.kind', 'input.value', 'output.value'],
  },
  'otel-openai': {
    'chat mock-gpt': ['gen_ai.operation.name', 'gen_ai.request.model', 'gen_ai.request.temperature', 'gen_ai.request.max_tokens', 'gen_ai.usage.input_tokens'],
    'execute_tool get_weather': ['gen_ai.tool.name', 'gen_ai.tool.call.id', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result'],
  },
};
/** Runs whose trace must hold a span with error status. */
const WITH_ERROR = new Set(['ai-sdk-error']);

function fail(message) {
  throw new Error(`verify: ${message}`);
}

/** Walks a parsed line and checks the Collector's encodings wherever they appear. */
function checkEncodings(node, where) {
  if (Array.isArray(node)) return node.forEach((n) => checkEncodings(n, where));
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key.endsWith('UnixNano') && !(typeof value === 'string' && /^\d+$/.test(value))) fail(`${where}: ${key} is not a decimal string`);
    if (key === 'intValue' && !(typeof value === 'string' && /^-?\d+$/.test(value))) fail(`${where}: intValue is not a decimal string`);
    if (key === 'traceId' && !/^[0-9a-f]{32}$/.test(value)) fail(`${where}: traceId ${value}`);
    if ((key === 'spanId' || key === 'parentSpanId') && !/^[0-9a-f]{16}$/.test(value)) fail(`${where}: ${key} ${value}`);
    if (/^dropped\w+Count$/.test(key) && value === 0) fail(`${where}: ${key} 0 should be left out`);
    checkEncodings(value, where);
  }
}

function readLines(file) {
  const text = readFileSync(DIR + file, 'utf8');
  if (!text.endsWith('\n')) fail(`${file}: no final newline`);
  return text
    .trimEnd()
    .split('\n')
    .map((line, i) => {
      const parsed = JSON.parse(line);
      checkEncodings(parsed, `${file}:${i + 1}`);
      return parsed;
    });
}

export function verify(names = Object.keys(EXPECT)) {
  for (const name of names) {
    const lines = readLines(`${name}.otlp.jsonl`);
    if (lines.length !== 2) fail(`${name}: ${lines.length} lines, expected 2`);
    const spans = lines.flatMap((l) => l.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));
    const traceIds = new Set(spans.map((s) => s.traceId));
    if (traceIds.size !== 1) fail(`${name}: ${traceIds.size} traces, expected 1`);
    for (const [line, l] of lines.entries()) {
      const here = new Set(l.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans.map((s) => s.traceId))));
      if (!here.has([...traceIds][0])) fail(`${name}: line ${line + 1} has no span of the trace`);
    }
    const { absent = [], ...bySpan } = EXPECT[name];
    for (const [spanName, keys] of Object.entries(bySpan)) {
      const matching = spans.filter((s) => s.name === spanName);
      if (matching.length === 0) fail(`${name}: no span named ${spanName}`);
      for (const s of matching) {
        const have = new Set((s.attributes ?? []).map((a) => a.key));
        for (const k of keys) if (!have.has(k)) fail(`${name}: span ${spanName} lacks ${k}`);
      }
    }
    for (const s of spans) for (const a of s.attributes ?? []) if (absent.includes(a.key)) fail(`${name}: span ${s.name} has ${a.key}`);
    const errors = spans.filter((s) => s.status?.code === 2);
    if (WITH_ERROR.has(name) !== errors.length > 0) fail(`${name}: ${errors.length} spans with error status`);
    const requests = JSON.parse(readFileSync(`${DIR}${name}.requests.json`, 'utf8'));
    if (!Array.isArray(requests) || requests.length !== 2) fail(`${name}: ${requests.length} requests, expected 2`);
  }
  const logs = readLines('otel-openai.logs.otlp.jsonl').flatMap((l) => l.resourceLogs.flatMap((rl) => rl.scopeLogs.flatMap((sl) => sl.logRecords)));
  const events = new Set(logs.map((r) => r.attributes.find((a) => a.key === 'event.name')?.value.stringValue));
  for (const e of ['gen_ai.system.message', 'gen_ai.user.message', 'gen_ai.assistant.message', 'gen_ai.tool.message', 'gen_ai.choice']) {
    if (!events.has(e)) fail(`otel-openai logs: no ${e} event`);
  }
  console.log(`verified ${names.length} fixtures`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) verify();
