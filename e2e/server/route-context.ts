import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlayContext } from './play-step';
import type { ChatRequest, ChatRequestBody, RecordedRequest, Step } from './types';

/** What mock-server.ts hands a route of another wire format (Anthropic Messages, Gemini) for one request. */
export type RouteContext = {
  rec: RecordedRequest;
  req: IncomingMessage;
  res: ServerResponse;
  /** The key every request must carry (in this format's header), when the server was given one. */
  apiKey: string | undefined;
  modelIds: readonly string[];
  /** Writes a JSON answer with the server's CORS and request-id headers. */
  json(status: number, value: unknown): void;
  /** Records the request as a model call, numbered with the Chat and Responses calls (waitForRequest counts it). */
  record(body: ChatRequestBody, stream: boolean): ChatRequest;
  /** The next scripted step (`mock.script`), else the server's default step. */
  nextStep(): Step;
  /** What playStep needs besides the request and the wire format. */
  play: Omit<PlayContext, 'req' | 'wire'>;
};
