export type BuiltFile = { fileName: string; content: string | Uint8Array };

const SCRIPT_OR_PAGE = /\.(js|mjs|css|html)$/;

/**
 * What the service worker stores on install: index.html, every script and style (the lazily loaded views, the
 * MCP client, the workers and their chunks), the assets some built file names (the sandbox's WebAssembly), and
 * the public files (manifest, icons, the export schema). An asset no built file names is left out: a dependency
 * may ship variants the app never loads (quickjs-emscripten's debug and asyncify builds are megabytes each).
 */
export function precacheList(files: readonly BuiltFile[]): BuiltFile[] {
  const decoder = new TextDecoder();
  const text = (f: BuiltFile) => (typeof f.content === 'string' ? f.content : decoder.decode(f.content));
  const code = files
    .filter((f) => SCRIPT_OR_PAGE.test(f.fileName))
    .map(text)
    .join('\n');
  const byName = new Map<string, BuiltFile>();
  for (const f of files) {
    const base = f.fileName.slice(f.fileName.lastIndexOf('/') + 1);
    const kept = SCRIPT_OR_PAGE.test(f.fileName) || !f.fileName.startsWith('assets/') || code.includes(base);
    if (kept) byName.set(f.fileName, f);
  }
  return [...byName.values()].sort((a, b) => a.fileName.localeCompare(b.fileName));
}
