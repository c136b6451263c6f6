/** True when nothing holds the cursor: the focused control was removed or disabled, or a dialog closed with no opener. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/** Puts the cursor on the first of `candidates` that is in the page and enabled, but only when it was lost. */
export function refocusIfLost(...candidates: (HTMLElement | null | undefined)[]): void {
  if (!focusLost()) return;
  for (const el of candidates) {
    if (!el || !el.isConnected || (el as HTMLButtonElement).disabled) continue;
    el.focus();
    if (document.activeElement === el) return;
  }
}

/** The chat's Message box when it is on screen. */
export function messageBox(): HTMLTextAreaElement | null {
  return document.querySelector<HTMLTextAreaElement>('form.composer textarea');
}
