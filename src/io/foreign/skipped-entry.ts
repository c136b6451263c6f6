/**
 * Why one entry of another app's file (a conversation, an event, a span) was left out while the rest was imported
 * (architecture.md, "Import and export of other formats"). Said in words by `skippedEntryText`.
 */
type SkipReason = { kind: 'unreadable'; path: string; expected: string } | { kind: 'no_messages' };

/** `entry`: the entry as a person finds it in the other app (its title, else its id, else its place in the file). */
export type SkippedEntry = { entry: string; reason: SkipReason };

export function skippedEntryText({ entry, reason }: SkippedEntry): string {
  switch (reason.kind) {
    case 'unreadable':
      return `${entry}: not imported, it cannot be read (at ${reason.path}, expected ${reason.expected}).`;
    case 'no_messages':
      return `${entry}: not imported, no messages in the file.`;
  }
}

/** A title or id for an entry of a list, for the dialog: quoted when it is the entry's own. */
export function entryLabel(noun: string, index: number, ...names: unknown[]): string {
  const name = names.find((n): n is string => typeof n === 'string' && n.trim() !== '');
  return name === undefined ? `${noun} ${index + 1}` : `${noun} “${name.trim().slice(0, 80)}”`;
}
