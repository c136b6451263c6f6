import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { StorageConfig } from '../../sync/storage-config';
import { savedStorageConfig, syncService } from '../../store/sync/sync-service-instance';
import { downloadText } from '../shared/download';
import { FolderBackupButtons } from './folder-backup-buttons';
import { SharedLinksSection } from './shared-links-section';
import { SyncConflicts } from './sync-conflicts';
import { SyncStatusRegion } from './sync-status-region';
import './sync.css';

type Form = {
  kind: StorageConfig['kind'];
  url: string;
  username: string;
  password: string;
  bucketUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

const EMPTY: Form = {
  kind: 'webdav',
  url: '',
  username: '',
  password: '',
  bucketUrl: '',
  accessKeyId: '',
  secretAccessKey: '',
  region: '',
};

function toConfig(f: Form): StorageConfig {
  return f.kind === 'webdav'
    ? { kind: 'webdav', url: f.url.trim(), username: f.username, password: f.password }
    : {
        kind: 's3',
        bucketUrl: f.bucketUrl.trim(),
        accessKeyId: f.accessKeyId.trim(),
        secretAccessKey: f.secretAccessKey,
        region: f.region.trim(),
      };
}

/** The "Sync and backup" panel: storage, passphrase, status, conflicts, shared links, backup and restore. */
export function SyncPanel({ onClose }: { onClose: () => void }) {
  const service = syncService();
  const view = useSyncExternalStore(
    (fn) => service.subscribe(fn),
    () => service.current,
  );
  const [form, setForm] = useState<Form>(EMPTY);
  const [passphrase, setPassphrase] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    void savedStorageConfig().then((c) => {
      if (!live || !c) return;
      setForm(
        c.kind === 'webdav'
          ? { ...EMPTY, kind: 'webdav', url: c.url, username: c.username, password: c.password }
          : {
              ...EMPTY,
              kind: 's3',
              bucketUrl: c.bucketUrl,
              accessKeyId: c.accessKeyId,
              secretAccessKey: c.secretAccessKey,
              region: c.region,
            },
      );
    });
    return () => {
      live = false;
    };
  }, []);

  // Labels point at their control by id: a label wrapping a select would add the chosen option to its name.
  const field = (name: keyof Form, label: string, type: 'text' | 'password' | 'url' = 'text') => (
    <div className="sync-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={form[name]}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
    </div>
  );

  const backup = async () => {
    const file = await service.backup(passphrase);
    if (file) downloadText(file.name, file.text);
  };

  const restore = async (f: File | undefined) => {
    if (!f) return;
    await service.restore(await f.text(), passphrase);
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <div className="sync-panel">
      <h2>Sync and backup</h2>
      <p className="sync-intro">
        Your sessions on every device, through storage you already own. Everything is encrypted in this page with your
        sync passphrase before it leaves; the storage sees only device ids, sizes and times.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void service.connect(toConfig(form), passphrase);
        }}
      >
        <div className="sync-field">
          <label htmlFor={`${id}-kind`}>Storage</label>
          <select
            id={`${id}-kind`}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value === 's3' ? 's3' : 'webdav' })}
          >
            <option value="webdav">WebDAV</option>
            <option value="s3">S3-compatible</option>
          </select>
        </div>
        {form.kind === 'webdav' ? (
          <>
            {field('url', 'Storage URL', 'url')}
            {field('username', 'Username')}
            {field('password', 'Password', 'password')}
          </>
        ) : (
          <>
            {field('bucketUrl', 'Bucket URL', 'url')}
            {field('accessKeyId', 'Access key ID')}
            {field('secretAccessKey', 'Secret access key', 'password')}
            {field('region', 'Region')}
          </>
        )}
        <div className="sync-field">
          <label htmlFor={`${id}-passphrase`}>Sync passphrase</label>
          <input
            id={`${id}-passphrase`}
            type="password"
            value={passphrase}
            autoComplete="new-password"
            onChange={(e) => setPassphrase(e.target.value)}
          />
        </div>
        <div className="sync-actions">
          <button type="submit" disabled={view.busy}>
            Connect storage
          </button>
          <button type="button" disabled={!view.connected || view.busy} onClick={() => void service.syncNow()}>
            Sync now
          </button>
          <button type="button" disabled={view.busy} onClick={() => void backup()}>
            Back up to file
          </button>
          <FolderBackupButtons service={service} view={view} passphrase={passphrase} />
          <button type="button" disabled={view.busy} onClick={() => fileRef.current?.click()}>
            Restore from file
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="sync-restore-file"
            onChange={(e) => void restore(e.target.files?.[0])}
          />
        </div>
      </form>
      <SyncStatusRegion view={view} />
      <SyncConflicts conflicts={view.conflicts} />
      <SharedLinksSection />
      <div className="sync-close">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
