/** Models a chat cannot use: embeddings, speech, images, moderation. */
const NOT_CHAT = /embed|whisper|tts|dall-e|moderation|transcribe|image/i;

/** The endpoint's first listed model that can chat; the first of all when none looks like one; undefined for none. */
export function firstChatModel(list: readonly string[]): string | undefined {
  return list.find((m) => !NOT_CHAT.test(m)) ?? list[0];
}
