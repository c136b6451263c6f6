import { useEffect, useState } from 'react';
import { IMPORT_KINDS, looksImportable, useImportState } from '../shared/import-state';
import './io.css';

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** What the overlay says and a screen reader hears while a file is dragged over the page. */
const DROP_PROMPT = 'Drop a file to import it';

/**
 * Lets files be dropped anywhere on the page (any of IMPORT_KINDS), through the same
 * checks as "Import". Listens on the window so it needs no wrapping element; shows an overlay only while files are
 * dragged over the page, and says so in a live region that is always there (one that appears with its text is
 * often not read out).
 */
export function ImportDropZone() {
  const [active, setActive] = useState(false);
  const requestImport = useImportState((s) => s.requestImport);
  const refuse = useImportState((s) => s.refuse);

  useEffect(() => {
    // dragenter/dragleave fire for every child element; count them to know when the drag left the page.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth++;
      setActive(true);
    };
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setActive(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      const odd = files.find((f) => !looksImportable(f));
      if (!odd) requestImport(files);
      else refuse(`"${odd.name}" is not a .json, .jsonl or .zip file. Drop ${IMPORT_KINDS}.`);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      window.removeEventListener('dragleave', leave);
    };
  }, [requestImport, refuse]);

  return (
    <>
      <p className="visually-hidden" role="status">
        {active ? DROP_PROMPT : ''}
      </p>
      {active && (
        <div className="io-drop-overlay" role="region" aria-label="Drop to import">
          <p>
            <strong>{DROP_PROMPT}</strong>
            <span>{IMPORT_KINDS}</span>
          </p>
        </div>
      )}
    </>
  );
}
