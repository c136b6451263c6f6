/** Saves a blob under a file name through a temporary, hidden link (exports, the timeline's SVG and PNG). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers start reading the blob only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
