/** What a chat request the mock server received carried: the conversation, its roles, the system prompt. */

type SentMessage = { role?: string; content?: unknown; tool_call_id?: string };

/** The conversation a request carried, without the system prompt layers the app puts first. */
export function conversation(req: { body: { messages?: SentMessage[] } } | undefined): SentMessage[] {
  return (req?.body.messages ?? []).filter((m) => m.role !== 'system');
}

export function roles(req: { body: { messages?: SentMessage[] } } | undefined): (string | undefined)[] {
  return conversation(req).map((m) => m.role);
}

export const requestText = (req: { body: { messages?: SentMessage[] } }) => JSON.stringify(req.body.messages ?? []);

export function systemText(req: { body: { messages?: SentMessage[] } } | undefined): string {
  const first = req?.body.messages?.[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
}
