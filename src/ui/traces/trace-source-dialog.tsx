import { useId, useRef, useState, type FormEvent } from 'react';
import type { TraceSourceConfig, TraceSourceKind } from '../../domain/trace-inbox';
import { addSource, pickedFromInput } from '../../store/traces/trace-inbox-actions';
import { useSyncStorageSet } from '../data/traces/trace-sources';
import { useModal } from '../shared/use-modal';

type Props = { onClose: () => void };

const KINDS: { kind: TraceSourceKind; label: string }[] = [
  { kind: 'folder', label: 'Folder on this computer' },
  { kind: 's3', label: 'S3 bucket' },
  { kind: 'webdav', label: 'WebDAV folder' },
  { kind: 'sync', label: 'The storage in Sync and backup' },
];

type DirectoryPicker = (opts?: { mode?: 'read' }) => Promise<FileSystemDirectoryHandle>;
const directoryPicker = (): DirectoryPicker | undefined =>
  (window as unknown as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;

const folderName = (files: readonly File[]) => {
  const rel = (files[0] as (File & { webkitRelativePath?: string }) | undefined)?.webkitRelativePath ?? '';
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : 'folder';
};

/**
 * "Trace source" (architecture.md, "Trace inbox"): where the Collector writes. Secrets typed here are kept like the
 * sync storage's (the secrets table, never exported or synced) and sent nowhere but that storage.
 */
export function TraceSourceDialog({ onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModal(ref);
  const syncSet = useSyncStorageSet();
  const [kind, setKind] = useState<TraceSourceKind>('folder');
  const [fields, setFields] = useState({
    endpoint: '',
    region: 'us-east-1',
    bucket: '',
    prefix: '',
    accessKeyId: '',
    secret: '',
    url: '',
    username: '',
    password: '',
  });
  const [files, setFiles] = useState<File[] | null>(null);
  const [handle, setHandle] = useState<FileSystemDirectoryHandle | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const field = (k: keyof typeof fields) => ({
    value: fields[k],
    onChange: (e: { target: { value: string } }) => setFields({ ...fields, [k]: e.target.value }),
  });

  const chooseFolder = async () => {
    const pick = directoryPicker();
    if (!pick) return;
    try {
      setHandle(await pick({ mode: 'read' }));
      setFiles(null);
    } catch {
      // The person closed the picker: nothing chosen.
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let config: TraceSourceConfig;
    let secret: string | null = null;
    const url = (u: string, label: string) => {
      try {
        const p = new URL(u);
        return p.protocol === 'http:' || p.protocol === 'https:'
          ? null
          : `${label} must start with https:// (or http:// for a server on this computer).`;
      } catch {
        return `${label} is not a URL: enter one starting with https://.`;
      }
    };
    switch (kind) {
      case 'folder':
        if (!handle && (!files || files.length === 0))
          return setProblem('Choose a folder: the one the Collector writes its files to.');
        config = handle ? { kind: 'folder', name: handle.name, handle } : { kind: 'folder', name: folderName(files!) };
        break;
      case 's3': {
        const bad = url(fields.endpoint.trim(), 'Endpoint');
        if (bad) return setProblem(bad);
        if (fields.bucket.trim() === '') return setProblem('Enter the bucket the Collector writes to.');
        if (fields.accessKeyId.trim() === '' || fields.secret === '')
          return setProblem('Enter the access key ID and the secret access key.');
        config = {
          kind: 's3',
          endpoint: fields.endpoint.trim(),
          region: fields.region.trim() || 'us-east-1',
          bucket: fields.bucket.trim(),
          prefix: fields.prefix.trim(),
          accessKeyId: fields.accessKeyId.trim(),
        };
        secret = fields.secret;
        break;
      }
      case 'webdav': {
        const bad = url(fields.url.trim(), 'Address');
        if (bad) return setProblem(bad);
        config = { kind: 'webdav', url: fields.url.trim(), username: fields.username };
        secret = fields.password === '' ? null : fields.password;
        break;
      }
      case 'sync':
        if (!syncSet) return setProblem('No storage is set in Sync and backup: connect one there first.');
        config = { kind: 'sync' };
        break;
    }
    // The dialog closes first: a folder of thousands of files is then handed over a batch at a time.
    ref.current?.close();
    await addSource(config, secret, kind === 'folder' && !handle && files ? pickedFromInput(files) : undefined);
  };

  return (
    <dialog ref={ref} className="trace-source-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <h2 id={`${id}-title`}>Trace source</h2>
        <p className="hint">
          Where an OpenTelemetry Collector writes traces: its file exporter&apos;s folder, or its S3 exporter&apos;s
          bucket.
        </p>
        <label>
          Kind
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as TraceSourceKind);
              setProblem(null);
            }}
          >
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {kind === 'folder' && (
          <>
            <label>
              Trace folder
              <input
                type="file"
                {...{ webkitdirectory: '' }}
                multiple
                onChange={(e) => {
                  setFiles(e.target.files ? [...e.target.files] : null);
                  setHandle(null);
                }}
              />
            </label>
            {directoryPicker() && (
              <p className="hint">
                <button type="button" onClick={() => void chooseFolder()}>
                  Choose folder to keep
                </button>{' '}
                {handle
                  ? `Kept: ${handle.name}. New files are read as they appear.`
                  : 'This browser can keep a folder, so new files are read as they appear.'}
              </p>
            )}
          </>
        )}
        {kind === 's3' && (
          <>
            <label>
              Endpoint
              <input type="url" placeholder="https://s3.us-east-1.amazonaws.com" {...field('endpoint')} />
            </label>
            <label>
              Region
              <input type="text" {...field('region')} />
            </label>
            <label>
              Bucket
              <input type="text" {...field('bucket')} />
            </label>
            <label>
              Prefix
              <input type="text" placeholder="traces/" {...field('prefix')} />
            </label>
            <label>
              Access key ID
              <input type="text" autoComplete="off" {...field('accessKeyId')} />
            </label>
            <label>
              Secret access key
              <input type="password" autoComplete="off" {...field('secret')} />
            </label>
          </>
        )}
        {kind === 'webdav' && (
          <>
            <label>
              Address
              <input type="url" placeholder="https://dav.example.com/traces/" {...field('url')} />
            </label>
            <label>
              User name
              <input type="text" autoComplete="off" {...field('username')} />
            </label>
            <label>
              Password
              <input type="password" autoComplete="off" {...field('password')} />
            </label>
          </>
        )}
        {kind === 'sync' && (
          <p className="hint">
            {syncSet ? 'Reads the folder traces/ of that storage.' : 'No storage is set in Sync and backup yet.'}
          </p>
        )}
        {kind !== 'folder' && kind !== 'sync' && (
          <p className="hint">The secret is kept in this browser and sent to this storage only.</p>
        )}
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Connect
          </button>
        </div>
      </form>
    </dialog>
  );
}
