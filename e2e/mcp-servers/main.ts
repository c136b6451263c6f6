/**
 * npm run mcp-servers -- [modern|everything|both] [--port N] [--cors full|none|no-mcp-headers|no-expose]
 *
 * Starts the test MCP servers on 127.0.0.1 (port 0, the default, picks free ports) and prints their URLs, so a
 * person can connect Toolscope to a 2026-07-28 server (v2 server SDK) and a 2025-11-25 one (server-everything).
 */
import { CORS_MODES, type CorsMode } from './cors-policy';
import { startEverythingServer } from './everything-server';
import { startModernMcpServer } from './modern-server';

function fail(message: string): never {
  process.stderr.write(
    `${message}\nUsage: npm run mcp-servers -- [modern|everything|both] [--port N] [--cors ${CORS_MODES.join('|')}]\n`,
  );
  process.exit(1);
}

const args = process.argv.slice(2);
let which = 'both';
let port = 0;
let cors: CorsMode = 'full';
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--port') {
    port = Number(args[++i]);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      fail(`--port must be a port number, got ${JSON.stringify(args[i])}`);
  } else if (arg === '--cors') {
    const mode = args[++i];
    const known = CORS_MODES.find((m) => m === mode);
    if (known === undefined) fail(`--cors must be one of ${CORS_MODES.join(', ')}, got ${JSON.stringify(mode)}`);
    cors = known;
  } else if (arg === 'modern' || arg === 'everything' || arg === 'both') which = arg;
  else fail(`Unknown argument ${JSON.stringify(arg)}`);
}
if (which === 'both' && port !== 0) fail('--port needs one server: name modern or everything.');

const closers: Array<() => Promise<void>> = [];
try {
  if (which !== 'everything') {
    const s = await startModernMcpServer({ port, cors });
    closers.push(s.close);
    process.stdout.write(`2026-07-28 test server (v2 server SDK):       ${s.url}\n`);
  }
  if (which !== 'modern') {
    const s = await startEverythingServer({ port, cors });
    closers.push(s.close);
    process.stdout.write(`2025-11-25 test server (server-everything):   ${s.url}\n`);
  }
  process.stdout.write(`CORS: ${cors}. Ctrl+C to stop.\n`);
} catch (err) {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  fail(
    code === 'EADDRINUSE'
      ? `Port ${port} is already in use; pick another with --port, or leave it out for a free one.`
      : String(err),
  );
}
const stop = () => void Promise.all(closers.map((c) => c())).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
