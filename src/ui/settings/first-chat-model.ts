/** Models a chat cannot use: embeddings, speech, images, moderation. */
const NOT_CHAT = /embed|whisper|tts|dall-e|moderation|transcribe|image/i;

/** The endpoint's first listed model that can chat; the first of all when none looks like one; undefined for none. */
export function firstChatModel(list: readonly string[]): string | undefined {
  return list.find((m) => !NOT_CHAT.test(m)) ?? list[0];
}

/**
 * The model to fill in for a newcomer, or undefined to leave the field alone: only into an empty field the person is
 * not typing in (a list that arrives between a click into the field and the first keystroke would otherwise put its
 * model in front of what they type), and once per listed set, so clearing the field to type another name does not
 * refill it.
 */
export function modelToFill(
  field: { value: string; focused: boolean },
  first: string | undefined,
  alreadyFilledFromThisList: boolean,
): string | undefined {
  if (field.value.trim() !== '' || field.focused || alreadyFilledFromThisList) return undefined;
  return first;
}
