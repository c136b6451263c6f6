import { useEffect, useId, useState, type KeyboardEvent, type MutableRefObject } from 'react';
import { fillPrompt, listAllPrompts, type CatalogPrompt } from '../../../store/mcp/mcp-face';
import { PromptArgsForm } from './prompt-args-form';
import './mcp-slash-prompts.css';

export type SlashKeys = (e: KeyboardEvent<HTMLTextAreaElement>) => boolean;

/**
 * The Message box's `/` command: a listbox "Prompts" with every connected server's prompts, filtered by what follows
 * the slash. The cursor stays in the box (the listbox is its popup: arrows move, Enter picks, Escape closes); a
 * prompt with arguments asks for them first. Loaded only when `/` is typed.
 */
export function McpSlashPrompts({
  query,
  keys,
  onActive,
  onInsert,
  onClose,
}: {
  query: string;
  /** The composer hands its keys here first; true means the key was used. */
  keys: MutableRefObject<SlashKeys | null>;
  /** The id of the highlighted option (for the box's aria-activedescendant), or null. */
  onActive: (id: string | null, listId: string) => void;
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const [all, setAll] = useState<CatalogPrompt[] | null>(null);
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<CatalogPrompt | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listId = useId();
  const q = query.toLowerCase();
  const shown = (all ?? []).filter(
    (p) => p.prompt.name.toLowerCase().includes(q) || (p.prompt.title ?? '').toLowerCase().includes(q),
  );
  const at = Math.min(index, Math.max(shown.length - 1, 0));
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    // Closing the list drops the answer but lets the requests finish: aborting them would send servers a cancel.
    let shown = true;
    listAllPrompts().then(
      (list) => shown && setAll(list),
      () => shown && setAll([]),
    );
    return () => {
      shown = false;
    };
  }, []);

  const pick = (p: CatalogPrompt) => {
    if (p.prompt.arguments.length > 0) {
      setChosen(p);
      return;
    }
    fillPrompt(p.serverId, p.prompt.name, {}).then(onInsert, (error: unknown) =>
      setProblem(
        `${p.serverLabel} could not fill ${p.prompt.name}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  };

  const active = chosen === null && shown.length > 0 ? optionId(at) : null;
  useEffect(() => onActive(active, listId), [active, listId, onActive]);

  useEffect(() => {
    keys.current = (e) => {
      if (chosen !== null) return false;
      if (e.key === 'Escape') {
        onClose();
        return true;
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (shown.length > 0) setIndex((at + (e.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length);
        return true;
      }
      if (e.key === 'Enter' && !e.shiftKey) {
        const p = shown[at];
        if (p === undefined) return false;
        pick(p);
        return true;
      }
      return false;
    };
    return () => {
      keys.current = null;
    };
  });

  if (chosen !== null) {
    return (
      <div className="mcp-slash">
        <PromptArgsForm
          prompt={chosen.prompt}
          serverLabel={chosen.serverLabel}
          submitLabel="Insert"
          onSubmit={async (args) => onInsert(await fillPrompt(chosen.serverId, chosen.prompt.name, args))}
          onCancel={onClose}
        />
      </div>
    );
  }
  return (
    <div className="mcp-slash">
      {problem !== null && (
        <p role="alert" className="tool-field-errors">
          {problem}
        </p>
      )}
      {all === null ? (
        <p className="hint" role="status">
          Loading prompts…
        </p>
      ) : shown.length === 0 ? (
        <p className="hint" role="status">
          {all.length === 0 ? 'No prompts: no connected MCP server offers any.' : `No prompt matches "${query}".`}
        </p>
      ) : null}
      <ul role="listbox" id={listId} aria-label="Prompts" className="mcp-slash-list">
        {shown.map((p, i) => (
          <li
            key={`${p.serverId}:${p.prompt.name}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === at}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(p)}
          >
            /{p.prompt.name}{' '}
            <span className="hint">
              {p.prompt.title !== undefined ? `${p.prompt.title} · ` : ''}
              {p.serverLabel}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
