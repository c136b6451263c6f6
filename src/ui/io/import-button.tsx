import { useRef } from 'react';
import { ImportDialog } from './import-dialog';
import { useImportState } from './import-state';
import './io.css';

/** "Import": opens a file picker for a Toolscope export; the import dialog takes it from there. */
export function ImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const requestImport = useImportState((s) => s.requestImport);
  return (
    <>
      <button type="button" className="io-button" onClick={() => input.current?.click()}>
        Import
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Import file"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Reset so picking the same file again still fires a change.
          e.target.value = '';
          if (file) requestImport(file);
        }}
      />
      <ImportDialog />
    </>
  );
}
