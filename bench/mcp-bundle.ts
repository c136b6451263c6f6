/**
 * npx tsx bench/mcp-bundle.ts — what the MCP layer costs the page. Builds, with the app's browser targets, an entry
 * that imports the SDK-free surface of src/mcp (types, names, the ToolHandle adapter) and loads the runtime through
 * loadMcpRuntime(), then prints each chunk's gzip size and checks that the entry holds none of the SDK: the client
 * must arrive only when a server is first connected.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'mcp-bundle-'));
const entry = join(work, 'entry.ts');
writeFileSync(
  entry,
  [
    `import { createMcpToolHandles, loadMcpRuntime, mapToolNames } from '${join(root, 'src/mcp/index.ts')}';`,
    // Kept reachable the way an app would: stored where the build cannot prove them unused.
    'Object.assign(globalThis, { surface: [createMcpToolHandles, mapToolNames], connect: async () => (await loadMcpRuntime()).connectMcpServer });',
  ].join('\n'),
);
const outDir = join(work, 'out');
try {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir,
      target: 'es2022',
      emptyOutDir: true,
      rollupOptions: { input: entry, output: { entryFileNames: 'entry.js', chunkFileNames: '[name]-[hash].js' } },
    },
  });
  const files = readdirSync(outDir).filter((f) => f.endsWith('.js'));
  const rows = files.map((f) => {
    const code = readFileSync(join(outDir, f));
    return {
      file: f,
      raw: code.length,
      gzip: gzipSync(code).length,
      sdk: code.includes('StreamableHTTPClientTransport') || code.includes('server/discover'),
    };
  });
  rows.sort((a, b) => (a.file === 'entry.js' ? -1 : b.file === 'entry.js' ? 1 : b.gzip - a.gzip));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of rows)
    process.stdout.write(
      `${r.file.padEnd(36)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(9)} gzip${r.sdk ? '  (MCP client)' : ''}\n`,
    );
  const lazy = rows.filter((r) => r.file !== 'entry.js').reduce((n, r) => n + r.gzip, 0);
  process.stdout.write(`loaded on first connect: ${kb(lazy)} gzip\n`);
  if (rows.find((r) => r.file === 'entry.js')?.sdk !== false) {
    process.stderr.write('The entry chunk contains the MCP client: something imports it statically.\n');
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
