import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The engine layers must stay framework-free so they run (and are tested) in Node.
const frameworkFree = {
  patterns: [
    {
      group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/react-*'],
      message:
        'The engine layers (agent, llm, tools, db, context, io, timeline, compare, mcp, sync, evals) are framework-free: no React or zustand here.',
    },
    {
      group: ['**/ui/**', '**/store/**'],
      message: 'The engine layers must not import the UI or the store (data flows one way).',
    },
  ],
};

// A focused test (`.only`) silently drops every other test of its run. Every form is refused: `.only` anywhere in a
// chain that starts at a test function, however the chain goes on (`test.describe.serial.only`, `it.only.each`,
// `describe.concurrent.only`, `test.skipIf(x).only`, `test['only']`).
const testRoots = new Set(['it', 'test', 'describe', 'suite', 'bench']);
const chainRoot = (node) => {
  let n = node;
  for (;;) {
    if (n.type === 'MemberExpression') n = n.object;
    else if (n.type === 'CallExpression') n = n.callee;
    else if (n.type === 'ChainExpression' || n.type === 'TSNonNullExpression') n = n.expression;
    else return n;
  }
};
const isOnly = (node) =>
  node.computed ? node.property.type === 'Literal' && node.property.value === 'only' : node.property.name === 'only';
const noOnlyPlugin = {
  rules: {
    'no-only': {
      meta: { type: 'problem', docs: { description: 'No .only in tests, in any form.' }, schema: [] },
      create: (context) => ({
        MemberExpression(node) {
          const root = chainRoot(node.object);
          if (isOnly(node) && root.type === 'Identifier' && testRoots.has(root.name))
            context.report({ node, message: 'No .only in tests.' });
        },
      }),
    },
  },
};

// The UI changes store state only through the stores' actions (architecture.md, "Layers"): a setState from a
// component bypasses the one place each change is made.
const noSetState = {
  selector: "CallExpression[callee.property.name='setState']",
  message: "The UI changes store state through the store's actions, never setState: add an action to the store.",
};

// Components read and write stored data only through src/ui/data (its hooks use Dexie's useLiveQuery).
const uiDataOnly =
  'Only src/ui/data reads and writes storage: import a hook or function from ui/data (add one there if it is missing).';

// The UI reaches the page side of MCP through its one face, src/store/mcp/mcp-face.ts, never a capability's own file
// (architecture.md, "Layers and what each may import"). import('…/store/mcp/…') is caught too.
const mcpFace =
  'src/ui imports MCP state and actions only through store/mcp/mcp-face (the face of the page side of MCP): export what you need from there.';
const mcpFacePattern = { group: ['**/store/mcp/**', '!**/store/mcp/mcp-face'], message: mcpFace };
const mcpFaceLazy = {
  selector: 'ImportExpression[source.value=/store\\u002Fmcp\\u002F(?!mcp-face$)/]',
  message: mcpFace,
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'test-results/**',
      'test-results-*/**',
      'playwright-report/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: noOnlyPlugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'local/no-only': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/ui/**'],
    ignores: ['src/ui/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db', '**/db/**', 'dexie', 'dexie/*', 'dexie-react-hooks', 'dexie-react-hooks/*'],
              message: uiDataOnly,
            },
            mcpFacePattern,
          ],
        },
      ],
      // import('../../db/...') loads lazily but is a db/ import all the same (\u002F is "/": a selector regex cannot hold one).
      'no-restricted-syntax': [
        'error',
        noSetState,
        { selector: 'ImportExpression[source.value=/(^|\\u002F)db(\\u002F|$)|^dexie/]', message: uiDataOnly },
        mcpFaceLazy,
      ],
    },
  },
  {
    files: ['src/ui/data/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [mcpFacePattern] }],
      'no-restricted-syntax': ['error', mcpFaceLazy],
    },
  },
  {
    files: ['src/ui/data/**'],
    ignores: ['src/ui/**/*.test.ts', 'src/ui/**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', noSetState, mcpFaceLazy] },
  },
  {
    // The run spine (store/run/) knows nothing of MCP: MCP reaches a run through the ports the composition root
    // (store/default-run-deps.ts) fills (architecture.md, "Layers and what each may import"). MCP's shared types in
    // domain/ are the spine's own vocabulary and stay allowed.
    files: ['src/store/run/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/mcp', '**/mcp/**'],
              message:
                'store/run is the run spine: no MCP here. Wire MCP into a run through RunDeps in store/default-run-deps.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/db/**',
      'src/context/**',
      'src/io/**',
      'src/timeline/**',
      'src/compare/**',
      'src/evals/**',
      'src/traces/**',
    ],
    rules: { 'no-restricted-imports': ['error', frameworkFree] },
  },
  {
    // Sync is an engine too (architecture.md, "Sync and backup"): framework-free, so its rounds run in Node tests.
    files: ['src/sync/**'],
    rules: { 'no-restricted-imports': ['error', frameworkFree] },
  },
  {
    // The shared types and rules: everyone imports them, so they import nothing of ours (architecture.md, layers).
    files: ['src/domain/**'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...frameworkFree.patterns,
            {
              regex: '^\\.\\./',
              message:
                'src/domain imports nothing of ours: every layer imports it, so it must not depend on any of them.',
            },
            { group: ['dexie', 'dexie/*'], message: 'src/domain imports nothing of ours and no storage.' },
          ],
        },
      ],
    },
  },
  {
    // Model clients and tools are adapters the store wires into a run: secrets and the database reach them only
    // through what the store injects (tools/secret-source.ts), never by importing storage.
    files: ['src/llm/**', 'src/tools/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...frameworkFree.patterns,
            {
              group: ['dexie', 'dexie/*', '**/db/**'],
              message:
                'src/llm and src/tools take no Dexie or db/: secrets and stored data arrive injected by the store (tools/secret-source.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // MCP servers are adapters behind the agent's ports: no storage either (what to keep is the caller's business).
    files: ['src/mcp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...frameworkFree.patterns,
            {
              group: ['dexie', 'dexie/*', '**/db/**'],
              message: 'src/mcp is framework-free: no Dexie or db/ (callers store what they need).',
            },
          ],
        },
      ],
    },
  },
  {
    // The loop runs in Node and in the browser alike: no storage either (the persister subscribes to its events),
    // and no context/: the context manager plugs in through the context hook (agent/context-hook.ts).
    files: ['src/agent/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...frameworkFree.patterns,
            {
              group: ['dexie', 'dexie/*', '**/db/**'],
              message: 'src/agent is pure TypeScript: no Dexie or db/ (the persister reads the event stream).',
            },
            {
              group: ['**/context/**'],
              message:
                'src/agent does not import context/: the context manager implements the context hook (agent/context-hook.ts) and the store wires it in.',
            },
          ],
        },
      ],
    },
  },
);
