import { useEffect, useRef, useState, type DragEvent } from 'react';
import { traceSourceLabel, type TraceSourceRecord } from '../../domain/trace-inbox';
import { plural } from '../../domain/plural';
import {
  addSource,
  checkNow,
  chooseSource,
  openTraceRow,
  pickedFromInput,
  removeSource,
  restoreSource,
  setQuery,
  showRange,
  showSource,
  startPolling,
  type FolderFile,
} from '../../store/traces/trace-inbox-actions';
import { useTraceInboxStore } from '../../store/traces/trace-inbox-store';
import { useTraceSources } from '../data/traces/trace-sources';
import { TraceSourceDialog } from './trace-source-dialog';
import { TracesTable } from './traces-table';
import './traces.css';

type DroppedItem = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };
type Entry = {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (e: Entry[]) => void, fail: (e: unknown) => void): void };
};

/** A dropped folder's files, walked through the entries API where the browser cannot hand the page a folder handle. */
async function walkEntry(entry: Entry, path: string, out: FolderFile[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
    out.push({ key: path + entry.name, file });
  } else if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
      if (batch.length === 0) break;
      for (const e of batch) await walkEntry(e, path ? `${path}${e.name}/` : `${e.name}/`, out);
    }
  }
}

function checkedText(source: TraceSourceRecord): string {
  return source.checkedAt === null ? 'Not checked yet' : `Checked ${new Date(source.checkedAt).toLocaleTimeString()}`;
}

/** The Traces view (architecture.md, "Trace inbox"): the traces an OpenTelemetry Collector wrote, listed and opened. */
export function TracesView() {
  const sources = useTraceSources();
  const [adding, setAdding] = useState(false);
  const chosenId = useTraceInboxStore((s) => s.sourceId);
  const matched = useTraceInboxStore((s) => s.matched);
  const rowWindow = useTraceInboxStore((s) => s.window);
  const total = useTraceInboxStore((s) => s.total);
  const loaded = useTraceInboxStore((s) => s.loaded);
  const checking = useTraceInboxStore((s) => s.checking);
  const progress = useTraceInboxStore((s) => s.progress);
  const problems = useTraceInboxStore((s) => s.problems);
  const message = useTraceInboxStore((s) => s.message);
  const opening = useTraceInboxStore((s) => s.opening);
  const query = useTraceInboxStore((s) => s.query);
  const folderInput = useRef<HTMLInputElement>(null);
  const restored = useTraceInboxStore((s) => s.restored);
  // The source last chosen on this device, else the first (once the remembered one is read back).
  const source = sources?.find((s) => s.id === chosenId) ?? (restored ? sources?.[0] : undefined);

  useEffect(() => {
    void restoreSource();
  }, []);

  useEffect(() => {
    if (source) showSource(source.id);
  }, [source?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- the source's id names it; its record changes with every check

  // Read what is new when the view opens, then poll while it is open (a folder the page cannot keep is read on "Check now").
  const pollable = source !== undefined && !(source.config.kind === 'folder' && !source.config.handle);
  useEffect(() => {
    if (!source || !pollable) return;
    void checkNow(source.id);
    return startPolling(source.id);
  }, [source?.id, pollable]); // eslint-disable-line react-hooks/exhaustive-deps -- as above

  const onCheckNow = () => {
    if (!source) return;
    if (source.config.kind === 'folder' && !source.config.handle) folderInput.current?.click();
    else void checkNow(source.id, { byPerson: true });
  };

  const onDrop = async (e: DragEvent<HTMLElement>) => {
    const item = e.dataTransfer.items[0] as DroppedItem | undefined;
    if (!item || item.kind !== 'file') return;
    e.preventDefault();
    const handlePromise = item.getAsFileSystemHandle?.();
    const entry = (item as unknown as { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.() ?? null;
    const handle = handlePromise ? await handlePromise.catch(() => null) : null;
    if (handle?.kind === 'directory') {
      await addSource({ kind: 'folder', name: handle.name, handle: handle as FileSystemDirectoryHandle }, null);
      return;
    }
    if (entry?.isDirectory) {
      const files: FolderFile[] = [];
      await walkEntry(entry, '', files);
      await addSource({ kind: 'folder', name: entry.name }, null, files);
    }
  };

  const filtering = query.text.trim() !== '' || query.errorsOnly;
  const status = !source
    ? null
    : checking && progress && progress.toRead > 0
      ? `Reading ${progress.read} of ${plural(progress.toRead, 'new file')}… ${plural(matched, 'trace')} so far`
      : `${plural(matched, 'trace')}${filtering ? ` of ${total}` : ''} · ${checkedText(source)}`;

  return (
    <section
      className="traces-view"
      aria-label="Traces"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => void onDrop(e)}
    >
      <div className="traces-toolbar">
        {sources && sources.length > 1 && (
          <label>
            Source
            <select value={source?.id ?? ''} onChange={(e) => chooseSource(e.target.value)}>
              {sources.map((s) => (
                <option key={s.id} value={s.id}>
                  {traceSourceLabel(s.config)}
                </option>
              ))}
            </select>
          </label>
        )}
        {source && sources?.length === 1 && (
          <span className="traces-source-name">{traceSourceLabel(source.config)}</span>
        )}
        <button type="button" onClick={() => setAdding(true)}>
          Add trace source
        </button>
        {source && (
          <button type="button" onClick={onCheckNow} disabled={checking}>
            Check now
          </button>
        )}
        {source && (
          <button type="button" onClick={() => void removeSource(source.id)}>
            Remove source
          </button>
        )}
        <input
          ref={folderInput}
          type="file"
          hidden
          aria-label="Trace folder again"
          {...{ webkitdirectory: '' }}
          multiple
          onChange={(e) => {
            if (source && e.target.files)
              void checkNow(source.id, { byPerson: true, files: pickedFromInput([...e.target.files]) });
            e.target.value = '';
          }}
        />
      </div>
      {sources?.length === 0 && (
        <p className="empty">
          No trace source yet. Add the folder or bucket an OpenTelemetry Collector writes to, or drop a folder of trace
          files here.
        </p>
      )}
      {source && (
        <>
          <div className="traces-filters">
            <label>
              Search traces
              <input
                type="text"
                value={query.text}
                placeholder="Tool, model, span or text"
                onChange={(e) => setQuery({ text: e.target.value })}
              />
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={query.errorsOnly}
                onChange={(e) => setQuery({ errorsOnly: e.target.checked })}
              />
              Errors only
            </label>
          </div>
          <p role="status" className="traces-status" data-checking={checking ? 'true' : undefined}>
            {loaded ? status : 'Reading…'}
          </p>
          {(message ?? source.problem) && (
            <p role="alert" className="problem">
              {message ?? source.problem}
            </p>
          )}
          {problems.length > 0 && (
            <details className="traces-problems">
              <summary>What was left out ({problems.length})</summary>
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </details>
          )}
          {loaded && matched === 0 ? (
            <p className="empty">
              {filtering ? 'No trace matches.' : checking ? 'Reading the source…' : 'No traces in this source yet.'}
            </p>
          ) : (
            <TracesTable
              count={matched}
              window={rowWindow}
              onRange={showRange}
              opening={opening}
              onOpen={(traceId) => void openTraceRow(source.id, traceId)}
            />
          )}
        </>
      )}
      {adding && <TraceSourceDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
