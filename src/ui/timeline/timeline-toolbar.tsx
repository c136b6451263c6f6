import type { ReactNode } from 'react';
import type { CallOutcome } from '../../timeline/model';
import { ExportTimelineMenu } from './export-timeline-menu';
import { TimelineFilter } from './timeline-filter';
import { LegendDisclosure } from './timeline-legend';
import './timeline-toolbar.css';

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
  /** Whether the chart draws an imported trace's other spans (the legend then explains them). */
  spans: boolean;
  /** Controls that belong to the session rather than the chart (Breakpoints). */
  extra?: ReactNode;
};

/**
 * Search, filters, zoom, export and the legend, on one row at desktop width (screens.md, "Timeline layout"): what
 * takes room (the outcome checkboxes, the export formats, the legend) opens from a button.
 */
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
      <label className="tl-tool">
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
      <TimelineFilter outcomes={p.outcomes} onToggleOutcome={p.onToggleOutcome} />
      <span className="tl-count" aria-live="polite">
        {p.shown === p.total ? `${p.total} calls` : `${p.shown} of ${p.total} calls`}
      </span>
      <span className="tl-spacer" />
      <span className="tl-zoom">
        <button type="button" onClick={() => p.onZoom(0.5)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => p.onZoom(2)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={p.onFit}>
          Fit
        </button>
      </span>
      {p.extra}
      <ExportTimelineMenu onExportSvg={p.onExportSvg} onExportPng={p.onExportPng} />
      <LegendDisclosure spans={p.spans} />
    </div>
  );
}
