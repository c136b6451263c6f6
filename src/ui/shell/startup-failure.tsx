/**
 * Drawn over the stand-in first screen when start-up failed (speed-and-tests.md, "Start-up"): without it the stand-in
 * stays on screen for good and says nothing. Styled as the app's other alerts (storage-banner.tsx).
 */
export function StartupFailure({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className="alert startup-failure" role="alert" aria-label="Toolscope could not start">
      <strong>Toolscope could not start</strong>
      <span>{detail}</span>
      <span>Reload the page to try again.</span>
    </div>
  );
}
