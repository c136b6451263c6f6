/**
 * Something the history holds that a request in some wire format does not carry as held (signed thinking from another
 * model, a thought signature, a sampling parameter refused with thinking on), said in words on the step
 * (docs/wire-formats.md). Every format's body builder returns these beside the body.
 */
export type LeftOutNote = {
  /** The message it belongs to; absent for the request as a whole. */
  readonly messageId?: string;
  readonly what:
    | 'signed_thinking'
    | 'thought_signature'
    | 'thinking'
    | 'reasoning'
    | 'sampling'
    | 'provider_tool'
    | 'system_message'
    | 'tool_schema'
    | 'arguments';
  readonly why: string;
};
