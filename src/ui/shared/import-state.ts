import { create } from 'zustand';

/** The file waiting for the import dialog, whether it came from the picker or a drop. */
type ImportRequest = { files: File[]; seq: number } | { error: string; seq: number };

type ImportState = {
  request: ImportRequest | null;
  /** A request came once: the import dialog's code is loaded and it stays mounted. */
  dialogLoaded: boolean;
  /** One file, or the files of one export picked together (ChatGPT's shards with their manifest). */
  requestImport(files: File[]): void;
  refuse(error: string): void;
  clear(): void;
  /** Opens the Import button's file chooser ("Open a file" on the first screen uses the same one); null until it mounts. */
  openPicker: (() => void) | null;
  setPicker(open: (() => void) | null): void;
};

let seq = 0;

export const useImportState = create<ImportState>()((set) => ({
  request: null,
  dialogLoaded: false,
  requestImport: (files) => set({ request: { files, seq: ++seq }, dialogLoaded: true }),
  refuse: (error) => set({ request: { error, seq: ++seq }, dialogLoaded: true }),
  clear: () => set({ request: null }),
  openPicker: null,
  setPicker: (openPicker) => set({ openPicker }),
}));

/** What "Import", "Open a file" and drop take, in words (architecture.md, "Import and export of other formats"). */
export { IMPORT_KINDS } from '../chat/first-screen-text';

/** The file types they take: JSON (and JSON Lines) files, and a data export's .zip. */
export const IMPORT_ACCEPT = '.json,.jsonl,.zip';

export function looksImportable(file: File): boolean {
  return /\.(json|jsonl|zip)$/i.test(file.name) || file.type === 'application/json';
}
