import { useState, type ReactNode } from 'react';

/**
 * A `<details>` whose body is built the first time it opens, then kept (a Try it result survives closing it). A
 * server can list hundreds of tools, each with a schema and a Try it form: building them all while closed made
 * long main-thread tasks (architecture.md, "MCP in the app").
 */
export function DeferredDetails({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {opened && children()}
    </details>
  );
}
