import { useState } from 'react';
import { lazyExportTraceFile } from './lazy-export';
import { MenuCheckItem } from './menu-check-item';

type Props = {
  sessionId: string | null;
  /** The Export menu's runner: closes the menu and shows the outcome. */
  run: (work: () => Promise<string>) => void;
};

/** The Export menu's OpenTelemetry part: this session or all as an OTLP/JSON trace; content only when ticked. */
export function OtelExportItems({ sessionId, run }: Props) {
  const [includeContent, setIncludeContent] = useState(false);
  return (
    <>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        disabled={!sessionId}
        onClick={() => sessionId && run(() => lazyExportTraceFile({ kind: 'session', sessionId }, includeContent))}
      >
        This session as OpenTelemetry trace
      </button>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        onClick={() => run(() => lazyExportTraceFile({ kind: 'all' }, includeContent))}
      >
        All sessions as OpenTelemetry trace
      </button>
      <MenuCheckItem checked={includeContent} onToggle={() => setIncludeContent((v) => !v)}>
        Include content
      </MenuCheckItem>
    </>
  );
}
