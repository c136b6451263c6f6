import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useUiStore } from '../../store/ui-store';
import { RememberButton } from '../memory/remember-button';
import { toolResultMemory } from '../memory/tool-result-memory';

// A finished call's raw traffic is looked up when its actions open (docs/wire-capture.md, "Tools").
const ToolRequestResponse = lazy(() => import('../wire/tool-request-response'));

type Props = {
  sessionId: string;
  callId: string;
  name: string;
  /** The card is open on a finished call: its actions ("Request and response", "Remember") are offered. */
  finished: boolean;
  /** What "Remember" saves: the result of a call that ended ok or with an error; null offers no "Remember". */
  result: string | null;
};

/**
 * A tool call's actions, one set at the end of its card's head (screens.md, "Calm tool rows"): "Show in timeline"
 * always; on an open finished call, "More call actions" discloses the group "Call actions" ("Remember", "Request
 * and response"), as "More actions" does on a message, so no card ends with a link under its result.
 */
export function ToolCallActions(p: Props) {
  const showInTimeline = useUiStore((s) => s.showInTimeline);
  const id = useId();
  const [open, setOpen] = useState(false);
  // Kept once drawn, so "Remembered" still says so (and cannot save twice) after the group closes and opens again.
  const [drawn, setDrawn] = useState(false);
  const more = useRef<HTMLButtonElement>(null);
  return (
    <span className="tool-card-actions">
      <button type="button" className="link" onClick={() => showInTimeline(p.sessionId, p.callId)}>
        Show in timeline
      </button>
      {p.finished && (
        <>
          <button
            type="button"
            ref={more}
            className="quiet icon"
            aria-label="More call actions"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => {
              setOpen(!open);
              setDrawn(true);
            }}
          >
            <span aria-hidden="true">⋯</span>
          </button>
          {/* Always in the page, so the button's aria-controls names an element; its content loads when opened. */}
          <span
            className="tool-card-more"
            id={id}
            role="group"
            aria-label="Call actions"
            hidden={!open}
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              setOpen(false);
              more.current?.focus();
            }}
          >
            {drawn && (
              <>
                {p.result !== null && (
                  <RememberButton
                    text={toolResultMemory(p.name, p.result)}
                    sessionId={p.sessionId}
                    label={`Remember result of ${p.name}`}
                  />
                )}
                <Suspense fallback={null}>
                  <ToolRequestResponse sessionId={p.sessionId} callId={p.callId} />
                </Suspense>
              </>
            )}
          </span>
        </>
      )}
    </span>
  );
}
