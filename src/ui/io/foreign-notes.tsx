import type { ForeignNotes } from '../../io/foreign/session-builder';

/** Another app's file in the import dialog: which format, what it held and what the import leaves out, in words. */
export function ForeignNotesView({ notes }: { notes: ForeignNotes }) {
  return (
    <section className="io-foreign" aria-label="About this file">
      <p>This is {/^[AEIOU]/.test(notes.format) ? 'an' : 'a'} {notes.format}.</p>
      <ul aria-label="What the file holds" className="io-list">
        {notes.found.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {notes.leftOut.length > 0 && (
        <ul aria-label="What is left out" className="io-list">
          {notes.leftOut.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
