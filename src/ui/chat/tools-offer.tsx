import { useState } from 'react';
import type { ErrorInfo } from '../../domain/error-info';
import type { SessionRecord } from '../../domain/session';
import { refusesTools } from '../../domain/tools-refused';
import { continueRun, refusalSentence } from '../../store/session/chat-actions';
import { updateSessionSettings } from '../../store/session/session-actions';
import { primaryClass, usePrimaryClaim } from '../shared/primary-action';

/** Sessions whose offer was turned down in this tab: it is made once, not after every failure. */
const declined = new Set<string>();

/**
 * After a request is refused because it offered tools, offers once to switch this session's tools off and send
 * again. The user's message is already stored (the run stores it before any request), so nothing is typed twice.
 */
export function ToolsOffer({ session, error }: { session: SessionRecord; error: ErrorInfo | undefined }) {
  const [, setDeclined] = useState(0);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const shown = !!error && refusesTools(error) && session.settings.toolsEnabled !== false && !declined.has(session.id);
  const primary = usePrimaryClaim(shown);
  if (!shown) return null;
  const accept = async () => {
    setBusy(true);
    try {
      if (
        await updateSessionSettings(session.id, {
          model: session.model,
          settings: { ...session.settings, toolsEnabled: false },
        })
      )
        setRefused(refusalSentence(await continueRun(session.id)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="alert" role="alert" data-error-kind="tools_refused">
      <strong>This model does not accept tools</strong>
      <span>
        Continue this session without tools? Your message is kept and sent again without any tools; you can turn tools
        back on in Settings (“Use tools”).
      </span>
      <div className="alert-actions">
        <button type="button" className={primaryClass(primary)} disabled={busy} onClick={() => void accept()}>
          Continue without tools
        </button>
        <button
          type="button"
          onClick={() => {
            declined.add(session.id);
            setDeclined((n) => n + 1);
          }}
        >
          Keep tools
        </button>
      </div>
      {refused && <span role="status">{refused}</span>}
    </div>
  );
}
