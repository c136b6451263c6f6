/**
 * The Message box is remounted when the chat changes session. When that happens because of what the person
 * did to write (sent the first message of a new session, or pressed New session), the new box takes focus so
 * they can go on typing; a session picked from the list leaves focus in the list.
 */
let wanted = false;

export function requestComposerFocus(): void {
  wanted = true;
}

export function cancelComposerFocus(): void {
  wanted = false;
}

/** True once per request: the composer that mounts next takes the focus. */
export function takeComposerFocus(): boolean {
  const was = wanted;
  wanted = false;
  return was;
}
