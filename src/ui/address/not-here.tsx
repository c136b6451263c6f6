import { useEffect, useRef } from 'react';
import { formatAddress, sessionAddress } from '../../domain/app-address';
import { useSessionSearch } from '../data/session/use-session-search';
import { DEFAULT_TITLE } from '../data/session/session-reads';
import './not-here.css';

const LISTED = 20;

/**
 * What a link to a session that is not here shows (deleted, or from another browser: sessions live in this
 * browser's storage), or an address that leads nowhere: it says so, and offers the sessions that are here.
 */
export function NotHere({
  what,
}: {
  what: { kind: 'missing'; sessionId: string } | { kind: 'unknown'; hash: string };
}) {
  const sessions = useSessionSearch('');
  const heading = useRef<HTMLHeadingElement>(null);
  // The view changed under the person's feet: tell them where they are.
  useEffect(() => heading.current?.focus(), [what]);
  return (
    <section className="not-here" aria-labelledby="not-here-title">
      <h2 id="not-here-title" ref={heading} tabIndex={-1}>
        {what.kind === 'missing' ? 'Session not found' : 'Nothing at this address'}
      </h2>
      <p role="alert">
        {what.kind === 'missing'
          ? `No session "${what.sessionId}" is stored in this browser: it was deleted, or the link comes ` +
            `from another browser or device (sessions stay in the browser that made them).`
          : `The address "#${what.hash}" does not lead to a session or a view of Toolscope.`}
      </p>
      {sessions === undefined ? null : sessions.length === 0 ? (
        <p>
          There are no sessions here yet.{' '}
          <a href={formatAddress({ kind: 'home', view: 'chat', params: [] })}>Start a new one</a>.
        </p>
      ) : (
        <>
          <p>Open one of the sessions stored here:</p>
          <ul className="not-here-list" aria-label="Stored sessions">
            {sessions.slice(0, LISTED).map((s) => (
              <li key={s.id}>
                <a href={formatAddress(sessionAddress(s.id))}>
                  {s.title === DEFAULT_TITLE ? 'Untitled session' : s.title}
                </a>
              </li>
            ))}
          </ul>
          {sessions.length > LISTED && <p className="hint">The sessions list holds all {sessions.length}.</p>}
        </>
      )}
    </section>
  );
}
