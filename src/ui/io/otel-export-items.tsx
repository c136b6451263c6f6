import { useState } from 'react';
import { exportTraceFile } from '../data/trace-export';

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
      <button type="button" role="menuitem" disabled={!sessionId} onClick={() => sessionId && run(() => exportTraceFile({ kind: 'session', sessionId }, includeContent))}>
        This session as OpenTelemetry trace
      </button>
      <button type="button" role="menuitem" onClick={() => run(() => exportTraceFile({ kind: 'all' }, includeContent))}>
        All sessions as OpenTelemetry trace
      </button>
      <label>
        <input type="checkbox" checked={includeContent} onChange={(e) => setIncludeContent(e.target.checked)} />
        Include content
      </label>
    </>
  );
}
