/**
 * Generates the frozen OpenTelemetry trace fixtures in src/traces/__fixtures__/ with real SDKs and real
 * instrumentations, run against Toolscope's own mock LLM server (e2e/server/mock-server.ts).
 *
 *   cd fixtures-gen/otel-traces && npm ci && node generate.mjs
 *
 * For each run it writes
 *   <name>.otlp.jsonl      the finished spans as OTLP/JSON ExportTraceServiceRequests, one per line, in the shape the
 *                          Collector's file exporter writes (see collector-json.mjs); each trace is split over 2 lines
 *   <name>.requests.json   the chat-completions request bodies the mock received, in order
 * and for otel-openai also <name>.logs.otlp.jsonl (that instrumentation puts message content in log records).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { JsonLogsSerializer, JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { z } from 'zod';
import * as openaiModule from 'openai';
import { OpenAIInstrumentation as OpenInferenceOpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import { MimeType, OpenInferenceSpanKind, SemanticConventions } from '@arizeai/openinference-semantic-conventions';
import { OpenAIInstrumentation as OtelOpenAIInstrumentation } from '@opentelemetry/instrumentation-openai';
import { collectorLogs, collectorTraces } from './collector-json.mjs';
import { verify } from './verify.mjs';

const OUT_DIR = fileURLToPath(new URL('../../src/traces/__fixtures__/', import.meta.url));
const MAX_FIXTURE_BYTES = 100 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// The same small agent for every SDK: a system prompt, a user question, two tools, one tool call, one answer.
// ---------------------------------------------------------------------------------------------------------------

const SYSTEM_PROMPT = 'You are a concise weather assistant. Use the tools to look up live data; never guess.';
const QUESTION = 'What is the weather in Paris right now, in celsius?';
const TEMPERATURE = 0.3;
const MAX_TOKENS = 256;
const MODEL = 'mock-gpt';
const API_KEY = 'sk-test';

const WEATHER_ARGS = { city: 'Paris', unit: 'celsius' };
const WEATHER_RESULT = { city: 'Paris', unit: 'celsius', temperature: 18, conditions: 'sunny' };
const FINAL_ANSWER = 'It is 18 °C and sunny in Paris right now.';

/** JSON schemas of the two tools, as the OpenAI SDK runs send them (the AI SDK derives the same from zod). */
const WEATHER_SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name, e.g. Paris' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
  },
  required: ['city'],
  additionalProperties: false,
};
const TIME_SCHEMA = {
  type: 'object',
  properties: { timezone: { type: 'string', description: 'IANA timezone, e.g. Europe/Paris' } },
  required: ['timezone'],
  additionalProperties: false,
};
const WEATHER_DESCRIPTION = 'Current weather for a city.';
const TIME_DESCRIPTION = 'Current local time in a timezone.';

function getWeather(args) {
  return { ...WEATHER_RESULT, city: args.city, unit: args.unit ?? 'celsius' };
}
function getTime(args) {
  return { timezone: args.timezone, time: '14:05' };
}

/** Mock steps: a tool call with a fixed id, then the final text (fixed usage so token counts are stable). */
function toolThenAnswer(callId) {
  return [
    {
      kind: 'tool_calls',
      calls: [{ id: callId, name: 'get_weather', arguments: WEATHER_ARGS }],
      usage: { prompt_tokens: 96, completion_tokens: 19, total_tokens: 115 },
    },
    { kind: 'text', content: FINAL_ANSWER, usage: { prompt_tokens: 141, completion_tokens: 14, total_tokens: 155 } },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Tracing: one provider per run (so each fixture has its own service.name), in-memory exporters.
// ---------------------------------------------------------------------------------------------------------------

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

function tracingFor(serviceName) {
  const resource = defaultResource().merge(resourceFromAttributes({ 'service.name': serviceName }));
  const spans = new InMemorySpanExporter();
  const logs = new InMemoryLogRecordExporter();
  const tracerProvider = new BasicTracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor(spans)] });
  const loggerProvider = new LoggerProvider({ resource, processors: [new SimpleLogRecordProcessor({ exporter: logs })] });
  return { tracerProvider, loggerProvider, spans, logs };
}

const decoder = new TextDecoder();

/**
 * Splits finished spans (or log records) into `parts` export requests, keeping the order the in-memory exporter got
 * them in: the order they ended (or were emitted), as a batch processor would export them. That order is taken
 * rather than a sort on endTime, because the SDK anchors each span's clock separately (ties and ~1 ms inversions
 * between a parent and a child that end together would make the split differ from run to run).
 */
function split(items, parts) {
  const size = Math.ceil(items.length / parts);
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function writeFixture(name, { spans, logs, requests }) {
  mkdirSync(OUT_DIR, { recursive: true });
  const traceLines = split(spans, 2).map((batch) =>
    JSON.stringify(collectorTraces(JSON.parse(decoder.decode(JsonTraceSerializer.serializeRequest(batch))))),
  );
  const files = { [`${name}.otlp.jsonl`]: traceLines.join('\n') + '\n' };
  if (logs && logs.length > 0) {
    const logLines = split(logs, 2).map((batch) =>
      JSON.stringify(collectorLogs(JSON.parse(decoder.decode(JsonLogsSerializer.serializeRequest(batch))))),
    );
    files[`${name}.logs.otlp.jsonl`] = logLines.join('\n') + '\n';
  }
  files[`${name}.requests.json`] = JSON.stringify(requests, null, 2) + '\n';
  for (const [file, text] of Object.entries(files)) {
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_FIXTURE_BYTES) throw new Error(`${file} is ${bytes} bytes, over the ${MAX_FIXTURE_BYTES} limit`);
    writeFileSync(OUT_DIR + file, text);
    console.log(`  wrote ${file} (${bytes} bytes)`);
  }
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

// ---------------------------------------------------------------------------------------------------------------
// The runs.
// ---------------------------------------------------------------------------------------------------------------

function aiSdkTools() {
  return {
    get_weather: tool({
      description: WEATHER_DESCRIPTION,
      inputSchema: z
        .object({
          city: z.string().describe('City name, e.g. Paris'),
          unit: z.enum(['celsius', 'fahrenheit']).optional().describe('Temperature unit'),
        })
        .strict(),
      execute: async (args) => getWeather(args),
    }),
    get_time: tool({
      description: TIME_DESCRIPTION,
      inputSchema: z.object({ timezone: z.string().describe('IANA timezone, e.g. Europe/Paris') }).strict(),
      execute: async (args) => getTime(args),
    }),
  };
}

function aiSdkCall(mock, tracerProvider, { functionId, record }) {
  const openai = createOpenAI({ baseURL: mock.url, apiKey: API_KEY });
  return {
    model: openai.chat(MODEL),
    system: SYSTEM_PROMPT,
    prompt: QUESTION,
    tools: aiSdkTools(),
    toolChoice: 'auto',
    temperature: TEMPERATURE,
    maxOutputTokens: MAX_TOKENS,
    stopWhen: stepCountIs(3),
    maxRetries: 0,
    experimental_telemetry: {
      isEnabled: true,
      recordInputs: record,
      recordOutputs: record,
      functionId,
      metadata: { fixture: functionId },
      // What the AI SDK uses by default is trace.getTracer('ai') of the global provider; same scope name here.
      tracer: tracerProvider.getTracer('ai'),
    },
  };
}

async function runAiSdkGenerateText(mock, { name, record }) {
  const t = tracingFor(`fixture-${name}`);
  mock.script(toolThenAnswer('call_weather_1'));
  const result = await generateText(aiSdkCall(mock, t.tracerProvider, { functionId: name, record }));
  check(result.text === FINAL_ANSWER, `${name}: final text`);
  check(result.steps.length === 2, `${name}: two steps`);
  await t.tracerProvider.forceFlush();
  return { spans: t.spans.getFinishedSpans() };
}

async function runAiSdkStreamText(mock, { name }) {
  const t = tracingFor(`fixture-${name}`);
  mock.script(toolThenAnswer('call_weather_1'));
  const result = streamText(aiSdkCall(mock, t.tracerProvider, { functionId: name, record: true }));
  const text = await result.text;
  check(text === FINAL_ANSWER, `${name}: final text`);
  check((await result.steps).length === 2, `${name}: two steps`);
  await t.tracerProvider.forceFlush();
  return { spans: t.spans.getFinishedSpans() };
}

async function runAiSdkError(mock, { name }) {
  const t = tracingFor(`fixture-${name}`);
  // The first model request asks for the tool; the second (with the tool result) gets an HTTP 500.
  mock.script([toolThenAnswer('call_weather_1')[0], { kind: 'http_error', status: 500, message: 'The server had an error while processing your request.' }]);
  let failed;
  try {
    await generateText(aiSdkCall(mock, t.tracerProvider, { functionId: name, record: true }));
  } catch (err) {
    failed = err;
  }
  check(failed !== undefined, `${name}: generateText threw`);
  await t.tracerProvider.forceFlush();
  return { spans: t.spans.getFinishedSpans() };
}

/** The OpenAI SDK's tool definitions for the hand-written loops. */
const OPENAI_TOOLS = [
  { type: 'function', function: { name: 'get_weather', description: WEATHER_DESCRIPTION, parameters: WEATHER_SCHEMA } },
  { type: 'function', function: { name: 'get_time', description: TIME_DESCRIPTION, parameters: TIME_SCHEMA } },
];
const TOOL_IMPLS = { get_weather: getWeather, get_time: getTime };

/**
 * A hand-written 2-turn tool loop with the official `openai` SDK. `onTool` wraps each tool execution (to trace it).
 * Returns the final text.
 */
async function openaiToolLoop(client, onTool) {
  const messages = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: QUESTION },
  ];
  for (let turn = 0; turn < 3; turn++) {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages,
      tools: OPENAI_TOOLS,
      tool_choice: 'auto',
      temperature: TEMPERATURE,
      max_completion_tokens: MAX_TOKENS,
    });
    const message = completion.choices[0].message;
    const toolCalls = message.tool_calls ?? [];
    if (toolCalls.length === 0) return message.content;
    messages.push({ role: 'assistant', content: message.content, tool_calls: toolCalls });
    for (const call of toolCalls) {
      const args = JSON.parse(call.function.arguments);
      const result = await onTool(call, args, () => TOOL_IMPLS[call.function.name](args));
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
  throw new Error('the tool loop did not finish');
}

async function runOpenInference(mock, { name }) {
  const t = tracingFor(`fixture-${name}`);
  const instrumentation = new OpenInferenceOpenAIInstrumentation({ tracerProvider: t.tracerProvider });
  // Manual instrumentation of the ESM module, as the package's README says for code not loaded through require.
  instrumentation.manuallyInstrument(openaiModule);
  const tracer = t.tracerProvider.getTracer('toolscope-fixture-agent', '1.0.0');
  mock.script(toolThenAnswer('call_weather_1'));
  try {
    const client = new openaiModule.OpenAI({ baseURL: mock.url, apiKey: API_KEY });
    const SK = SemanticConventions;
    const answer = await tracer.startActiveSpan(
      'weather-agent',
      { attributes: { [SK.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.AGENT, [SK.INPUT_VALUE]: QUESTION, [SK.INPUT_MIME_TYPE]: MimeType.TEXT } },
      async (agentSpan) => {
        try {
          const text = await openaiToolLoop(client, (call, args, run) =>
            tracer.startActiveSpan(
              call.function.name,
              {
                attributes: {
                  [SK.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.TOOL,
                  [SK.TOOL_NAME]: call.function.name,
                  [SK.TOOL_DESCRIPTION]: OPENAI_TOOLS.find((d) => d.function.name === call.function.name)?.function.description,
                  [SK.TOOL_PARAMETERS]: JSON.stringify(OPENAI_TOOLS.find((d) => d.function.name === call.function.name)?.function.parameters),
                  [SK.TOOL_CALL_ID]: call.id,
                  [SK.INPUT_VALUE]: call.function.arguments,
                  [SK.INPUT_MIME_TYPE]: MimeType.JSON,
                },
              },
              async (toolSpan) => {
                const result = await run();
                toolSpan.setAttributes({ [SK.OUTPUT_VALUE]: JSON.stringify(result), [SK.OUTPUT_MIME_TYPE]: MimeType.JSON });
                toolSpan.setStatus({ code: SpanStatusCode.OK });
                toolSpan.end();
                return result;
              },
            ),
          );
          agentSpan.setAttributes({ [SK.OUTPUT_VALUE]: text, [SK.OUTPUT_MIME_TYPE]: MimeType.TEXT });
          agentSpan.setStatus({ code: SpanStatusCode.OK });
          return text;
        } finally {
          agentSpan.end();
        }
      },
    );
    check(answer === FINAL_ANSWER, `${name}: final text`);
  } finally {
    // Unpatch, so the next run's OpenAI SDK is not traced twice.
    instrumentation.disable();
  }
  await t.tracerProvider.forceFlush();
  return { spans: t.spans.getFinishedSpans() };
}

async function runOtelOpenAI(mock, { name }) {
  const t = tracingFor(`fixture-${name}`);
  // The instrumentation reads this when it is constructed.
  process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT = 'true';
  const instrumentation = new OtelOpenAIInstrumentation();
  instrumentation.setTracerProvider(t.tracerProvider);
  instrumentation.setLoggerProvider(t.loggerProvider);
  instrumentation.enable();
  check(instrumentation.getConfig().captureMessageContent === true, `${name}: content capture on`);
  // This instrumentation patches through require hooks (require-in-the-middle), so load the CommonJS build now that
  // the hook is in place. The ESM `openai` imported at the top of this file is a different module instance.
  const { OpenAI } = createRequire(import.meta.url)('openai');
  const tracer = t.tracerProvider.getTracer('toolscope-fixture-agent', '1.0.0');
  mock.script(toolThenAnswer('call_weather_1'));
  try {
    const client = new OpenAI({ baseURL: mock.url, apiKey: API_KEY });
    // GenAI conventions: an invoke_agent span around the loop and an execute_tool span per tool call (hand-written,
    // with the gen_ai.* attribute names of the semantic conventions; the instrumentation makes only the chat spans).
    const answer = await tracer.startActiveSpan(
      'invoke_agent weather-agent',
      { attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'weather-agent', 'gen_ai.provider.name': 'openai' } },
      async (agentSpan) => {
        try {
          return await openaiToolLoop(client, (call, args, run) =>
            tracer.startActiveSpan(
              `execute_tool ${call.function.name}`,
              {
                attributes: {
                  'gen_ai.operation.name': 'execute_tool',
                  'gen_ai.tool.name': call.function.name,
                  'gen_ai.tool.call.id': call.id,
                  'gen_ai.tool.type': 'function',
                  'gen_ai.tool.call.arguments': call.function.arguments,
                },
              },
              async (toolSpan) => {
                const result = await run();
                toolSpan.setAttribute('gen_ai.tool.call.result', JSON.stringify(result));
                toolSpan.end();
                return result;
              },
            ),
          );
        } finally {
          agentSpan.end();
        }
      },
    );
    check(answer === FINAL_ANSWER, `${name}: final text`);
  } finally {
    instrumentation.disable();
  }
  await t.tracerProvider.forceFlush();
  await t.loggerProvider.forceFlush();
  return { spans: t.spans.getFinishedSpans(), logs: t.logs.getFinishedLogRecords() };
}

// ---------------------------------------------------------------------------------------------------------------

const RUNS = [
  { name: 'ai-sdk-generate-text', run: (mock, o) => runAiSdkGenerateText(mock, { ...o, record: true }) },
  { name: 'ai-sdk-stream-text', run: runAiSdkStreamText },
  { name: 'ai-sdk-no-content', run: (mock, o) => runAiSdkGenerateText(mock, { ...o, record: false }) },
  { name: 'ai-sdk-error', run: runAiSdkError },
  { name: 'openinference-openai', run: runOpenInference },
  { name: 'otel-openai', run: runOtelOpenAI },
];

const { startMockServer } = await tsImport('../../e2e/server/mock-server.ts', import.meta.url);
const mock = await startMockServer();
try {
  const only = process.argv.slice(2);
  for (const { name, run } of RUNS) {
    if (only.length > 0 && !only.includes(name)) continue;
    console.log(name);
    mock.reset();
    const out = await run(mock, { name });
    check(mock.pending === 0, `${name}: every scripted step was used`);
    check(trace.getActiveSpan() === undefined, `${name}: no span left active`);
    writeFixture(name, { ...out, requests: mock.requests.map((r) => r.body) });
  }
} finally {
  await mock.close();
}
if (process.argv.length === 2) verify();
