import { useEffect, useState, type FormEvent } from 'react';
import { RECALL_THRESHOLD, RECALL_TOP_K } from '../../context/memory-recall';
import { rememberText, forgetMemory, editMemoryText } from '../data/memory/memory-mutations';
import type { MemoryRecord } from '../data/record-types';
import { saveEmbeddingModel, useEmbeddingModel } from '../data/memory/use-embedding-model';
import { useMemories } from '../data/memory/use-memories';

function MemoryItem({ memory }: { memory: MemoryRecord }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(memory.text);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    await editMemoryText(memory.id, text.trim());
    setEditing(false);
  };
  if (editing) {
    return (
      <li className="memory-item">
        <form onSubmit={(e) => void save(e)}>
          <textarea aria-label="Memory text" value={text} onChange={(e) => setText(e.target.value)} rows={3} />
          <div className="memory-actions">
            <button type="submit" className="primary" disabled={!text.trim()}>
              Save
            </button>
            <button
              type="button"
              onClick={() => {
                setText(memory.text);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="memory-item" aria-label={memory.text}>
      <p className="memory-text">{memory.text}</p>
      <p className="hint">
        Saved {new Date(memory.createdAt).toLocaleString()}
        {memory.embeddingModel ? ` · vector from ${memory.embeddingModel}` : ' · no vector yet'}
      </p>
      <div className="memory-actions">
        <button type="button" onClick={() => setEditing(true)} aria-label={`Edit memory: ${memory.text}`}>
          Edit
        </button>
        <button type="button" onClick={() => void forgetMemory(memory.id)} aria-label={`Delete memory: ${memory.text}`}>
          Delete
        </button>
      </div>
    </li>
  );
}

function EmbeddingModelField() {
  const stored = useEmbeddingModel();
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    if (stored !== undefined && value === null) setValue(stored);
  }, [stored, value]);
  const current = value ?? stored ?? '';
  return (
    <label className="field">
      Embedding model
      <input
        value={current}
        placeholder="empty: match by keywords"
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void saveEmbeddingModel(current)}
      />
      <span className="hint">
        Before each run the {RECALL_TOP_K} most similar memories (cosine similarity ≥ {RECALL_THRESHOLD}) are added to
        the system prompt, using this model on the session&apos;s endpoint. Leave it empty, or use an endpoint without
        embeddings, and memories are matched by keywords instead.
      </span>
    </label>
  );
}

/** List, add, edit and delete long-term memories. */
export function MemoriesView() {
  const memories = useMemories();
  const [draft, setDraft] = useState('');
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim()) return;
    await rememberText(draft.trim());
    setDraft('');
  };
  return (
    <section className="memories-view" aria-labelledby="memories-heading">
      <h2 id="memories-heading">Memories</h2>
      <EmbeddingModelField />
      <form className="memory-add" onSubmit={(e) => void add(e)}>
        <label className="field">
          New memory
          <textarea value={draft} onChange={(e) => setDraft(e.target.value)} rows={2} />
        </label>
        <button type="submit" disabled={!draft.trim()}>
          Add memory
        </button>
      </form>
      {memories === undefined ? (
        <p className="hint">Loading…</p>
      ) : memories.length === 0 ? (
        <p className="hint">No memories yet. Use “Remember” on a message, or let the model call its remember tool.</p>
      ) : (
        <ul className="memory-list" aria-label="Saved memories">
          {memories.map((m) => (
            <MemoryItem key={`${m.id}:${m.updatedAt}`} memory={m} />
          ))}
        </ul>
      )}
    </section>
  );
}
