import type { ForeignNotes } from '../../io/foreign/session-builder';
import { skippedEntryText } from '../../io/foreign/skipped-entry';

/**
 * Another app's file in the import dialog: which format, what it held and what the import leaves out, in words. Each
 * entry left out whole (a conversation, an event, a span the file holds but the import cannot read) is named first.
 */
export function ForeignNotesView({ notes }: { notes: ForeignNotes }) {
  const leftOut = [...notes.skipped.map(skippedEntryText), ...notes.leftOut];
  return (
    <section className="io-foreign" aria-label="About this file">
      <p>
        This is {/^[AEIOU]/.test(notes.format) ? 'an' : 'a'} {notes.format}.
      </p>
      <ul aria-label="What the file holds" className="io-list">
        {notes.found.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {leftOut.length > 0 && (
        <ul aria-label="What is left out" className="io-list">
          {leftOut.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
