/**
 * `npm run mock-llm`: the test server on 127.0.0.1:8787 (PORT overrides), answering with the
 * friendly responder so a person can try Toolscope without an API key.
 */
import { startMockServer } from './mock-server';
import { friendlyResponder } from './friendly-responder';

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}\n`);
  process.exit(1);
}

try {
  const mock = await startMockServer({ port, defaultStep: friendlyResponder({ chunkDelayMs: 30 }) });
  process.stdout.write(
    [
      `Toolscope mock LLM listening on ${mock.url}`,
      '',
      "In the app's settings, use:",
      `  Base URL  ${mock.url}`,
      '  API key   anything (e.g. sk-mock; it is not checked)',
      '  Model     mock-gpt',
      '',
      'It echoes your message as streamed Markdown. Define a tool and say "use tools" to see a tool call.',
      `HTTP tool endpoints: ${mock.origin}/tools/weather?city=Paris, /tools/echo, /tools/big, /tools/slow`,
      'Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  const stop = () => {
    void mock.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  process.stderr.write(
    code === 'EADDRINUSE'
      ? `Port ${port} is already in use. Start on another one with PORT=8788 npm run mock-llm\n`
      : `Could not start the mock server: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
}
