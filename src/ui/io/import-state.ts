import { create } from 'zustand';

/** The file waiting for the import dialog, whether it came from the picker or a drop. */
type ImportRequest = { file: File; seq: number } | { error: string; seq: number };

type ImportState = {
  request: ImportRequest | null;
  /** A request came once: the import dialog's code is loaded and it stays mounted. */
  dialogLoaded: boolean;
  requestImport(file: File): void;
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
  requestImport: (file) => set({ request: { file, seq: ++seq }, dialogLoaded: true }),
  refuse: (error) => set({ request: { error, seq: ++seq }, dialogLoaded: true }),
  clear: () => set({ request: null }),
  openPicker: null,
  setPicker: (openPicker) => set({ openPicker }),
}));

export function looksLikeJson(file: File): boolean {
  return /\.json$/i.test(file.name) || file.type === 'application/json';
}
