import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { IMPORT_ACCEPT, useImportState } from '../shared/import-state';
import './io.css';

// The dialog (and the checks it drives) loads with the first file picked or dropped, not with the page.
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

/** "Import": opens a file picker for a Toolscope export; the import dialog takes it from there. */
export function ImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const requestImport = useImportState((s) => s.requestImport);
  const setPicker = useImportState((s) => s.setPicker);
  // One file chooser for every way in: "Open a file" opens this one, so both go through the same checks.
  // In the commit, so the first screen's "Open a file" finds the picker from its first paint on.
  useLayoutEffect(() => {
    setPicker(() => input.current?.click());
    return () => setPicker(null);
  }, [setPicker]);
  // Once a file came, the dialog stays mounted: it closes itself and keeps the cursor's way back.
  const wanted = useImportState((s) => s.request !== null || s.dialogLoaded);
  return (
    <>
      <button type="button" className="io-button" onClick={() => input.current?.click()}>
        Import
      </button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        multiple
        aria-label="Import file"
        hidden
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Reset so picking the same file again still fires a change.
          e.target.value = '';
          if (files.length > 0) requestImport(files);
        }}
      />
      {wanted && (
        <Suspense fallback={null}>
          <ImportDialog />
        </Suspense>
      )}
    </>
  );
}
