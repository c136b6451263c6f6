import { useEffect, useRef } from 'react';
import { useUiStore } from '../../store/ui-store';

export function SettingsDialog() {
  const open = useUiStore((s) => s.settingsOpen);
  const close = useUiStore((s) => s.closeSettings);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-label="Settings" onClose={close} className="settings-dialog">
      <h2>Settings</h2>
      <button type="button" onClick={close}>Close</button>
    </dialog>
  );
}
