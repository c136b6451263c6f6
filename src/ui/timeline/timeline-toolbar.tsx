import type { ReactNode } from 'react';
import type { CallOutcome } from '../../timeline/model';
import { CALL_OUTCOMES, STATUS_STYLES } from '../../timeline/outcome-style';

type Props = {
  text: string;
  onText: (v: string) => void;
  /** Enter in the search box: go to the next shown call (Shift: the previous one). */
  onStep: (back: boolean) => void;
  tools: string[];
  tool: string | null;
  onTool: (v: string | null) => void;
  outcomes: ReadonlySet<CallOutcome>;
  onToggleOutcome: (o: CallOutcome) => void;
  onFit: () => void;
  onZoom: (factor: number) => void;
  onExportSvg: () => void;
  onExportPng: () => void;
  shown: number;
  total: number;
  /** Controls that belong to the session rather than the chart (Breakpoints). */
  extra?: ReactNode;
};

/** Filters, zoom and export. */
export function TimelineToolbar(p: Props) {
  return (
    <div className="tl-toolbar">
      <input
        type="search"
        aria-label="Search timeline"
        aria-describedby="tl-search-keys"
        placeholder="Search timeline"
        title="Enter: next match · Shift+Enter: previous"
        value={p.text}
        onChange={(e) => p.onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          p.onStep(e.shiftKey);
        }}
      />
      <span id="tl-search-keys" className="visually-hidden">
        Enter goes to the next matching call, Shift+Enter to the previous one.
      </span>
      <label>
        Tool{' '}
        <select
          aria-label="Tool"
          value={p.tool ?? ''}
          onChange={(e) => p.onTool(e.target.value === '' ? null : e.target.value)}
        >
          <option value="">All tools</option>
          {p.tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="tl-outcomes">
        <legend>Outcome</legend>
        {CALL_OUTCOMES.map((o) => (
          <label key={o} className={`tl-status tl-status-${o}`}>
            <input type="checkbox" checked={p.outcomes.has(o)} onChange={() => p.onToggleOutcome(o)} />
            <span aria-hidden="true">{STATUS_STYLES[o].icon}</span> {o}
          </label>
        ))}
      </fieldset>
      <span className="tl-count" aria-live="polite">
        {p.shown === p.total ? `${p.total} calls` : `${p.shown} of ${p.total} calls`}
      </span>
      <span className="tl-spacer" />
      <button type="button" onClick={() => p.onZoom(0.5)} aria-label="Zoom in">
        +
      </button>
      <button type="button" onClick={() => p.onZoom(2)} aria-label="Zoom out">
        −
      </button>
      <button type="button" onClick={p.onFit}>
        Fit
      </button>
      <button type="button" onClick={p.onExportSvg}>
        Export SVG
      </button>
      <button type="button" onClick={p.onExportPng}>
        Export PNG
      </button>
      {p.extra}
    </div>
  );
}
