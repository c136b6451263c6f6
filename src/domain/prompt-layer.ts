/**
 * One named part of the system prompt. context/system-prompt.ts builds them for each turn (its own ids narrow `Id`),
 * and request_started keeps them as they were sent, so a person can see what the model was told.
 */
export type PromptLayer<Id extends string = string> = { id: Id; title: string; text: string };
