/*
 * The MCP layer's own vocabulary. Nothing here imports the MCP SDK, so the rest of the app can name these types
 * without pulling the client into the startup bundle (the SDK is loaded through load-mcp.ts on first use).
 */
import type { ToolLog, ValidationIssue } from '../agent/tool-executor';
import type { McpToolUi } from './apps/tool-ui-meta';
import type { McpWireMessage } from '../domain/mcp-call-trace';
import type { McpProtocolFault } from './protocol-fault';
import type { MessageImage } from '../domain/messages';

/** 'modern' is protocol revision 2026-07-28 (discover, no sessions); 'legacy' is 2025-11-25 and earlier (initialize, sessions). */
type McpEra = 'modern' | 'legacy';

export type McpServerSummary = {
  name: string;
  version: string;
  title?: string;
  /** The negotiated revision, e.g. "2026-07-28" or "2025-11-25". */
  protocolRevision: string;
  era: McpEra;
  counts: { tools: number; resources: number; prompts: number };
  /** The server's usage guide for the model, when it gave one. */
  instructions?: string;
};

/** What a server's CORS configuration lacks, so the page cannot talk to it. */
export type CorsGap =
  /** No Access-Control-Allow-Origin for this page: the server does not take requests from web pages at all. */
  | { kind: 'allow-origin' }
  /** The preflight refuses these request headers (lower case), e.g. mcp-protocol-version. */
  | { kind: 'allow-headers'; headers: string[] }
  /** The server sends these response headers but does not list them in Access-Control-Expose-Headers. */
  | { kind: 'expose-headers'; headers: Array<'mcp-session-id' | 'www-authenticate'> }
  /** The server answers, but requests carrying these headers fail; which one could not be narrowed down. */
  | { kind: 'unknown'; headers: string[] };

export type McpFailure =
  | { kind: 'cors'; gap: CorsGap; message: string }
  | { kind: 'unreachable'; message: string }
  /** The URL answers, but not as an MCP endpoint (404, 405, a web page, a redirect elsewhere). */
  | { kind: 'not-an-mcp-endpoint'; status: number; message: string }
  | { kind: 'protocol'; message: string }
  /** A live connection the server broke the protocol on (protocol-fault.ts): closed, the next use connects again. */
  | { kind: 'broken'; fault: McpProtocolFault; message: string };

/**
 * What the server's WWW-Authenticate challenge asked for, handed to the sign-in so it asks the authorization server
 * for exactly that (architecture.md, "MCP sign-in"): 'sign-in' on a 401 (no token, or one it no longer takes),
 * 'more-access' on a 403 insufficient_scope (a token it takes, but not for this request: sign in again with the
 * wider scope). `scope` and `resourceMetadataUrl` (where the server's protected-resource metadata is, when it is not
 * at a well-known address) are the challenge's own, absent when it named none.
 */
export type McpSignInChallenge = { kind: 'sign-in' | 'more-access'; scope?: string; resourceMetadataUrl?: string };

export type McpConnectionState =
  | { status: 'connecting' }
  | { status: 'connected'; server: McpServerSummary }
  | { status: 'needs-sign-in'; httpStatus: 401 | 403; message: string; challenge?: McpSignInChallenge }
  | { status: 'failed'; failure: McpFailure };

export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

export type McpLogMessage = { level: McpLogLevel; logger?: string; data: unknown };

export type { McpProgress } from '../domain/mcp-call-trace';

export type McpToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/** A tool's icon: an https address or a data: image (others are dropped when the list is read). */
export type McpIconRef = { src: string; mimeType?: string; theme?: 'light' | 'dark' };

/** A tool as the server lists it. */
export type McpToolInfo = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
  /** The tool's MCP App: its View's ui:// resource and who may call it (architecture.md, "MCP Apps"). */
  ui?: McpToolUi;
  icons?: McpIconRef[];
};

/** One block of a tool result, as the card shows it (media kept as base64 data). */
export type McpContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; mimeType: string; data: string }
  | { type: 'audio'; mimeType: string; data: string }
  | { type: 'resource_link'; uri: string; name: string; title?: string; mimeType?: string; description?: string }
  | { type: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string };

/** A tools/call result as the server sent it (content blocks of unknown types are dropped with a note). */
export type McpToolCallResult = {
  content: McpContentBlock[];
  structuredContent?: unknown;
  isError: boolean;
};

/** What the card keeps of a call; `content` is what the model reads, already cut at the output limit. */
export type McpCallOutcome = {
  outcome: 'ok' | 'error';
  content: string;
  blocks: McpContentBlock[];
  /** The result's images the model is sent (bounded; architecture.md, "Images to the model"). */
  images?: MessageImage[];
  structured?: { value: unknown; issues: ValidationIssue[] };
  logs: ToolLog[];
  /** The call's JSON-RPC messages, every round (see domain/mcp-call-trace.ts). */
  mcpMessages?: McpWireMessage[];
};

/** A form the server asks the user to fill (elicitation, form mode). */
export type McpElicitRequest = {
  serverUrl: string;
  serverName?: string;
  message: string;
  /** A flat JSON Schema object: properties of type string, number, integer, boolean, or enums; titles label fields. */
  requestedSchema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
};

export type McpElicitValue = string | number | boolean | string[];

export type McpElicitResponse =
  | { action: 'accept'; content: Record<string, McpElicitValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** A link the server asks the person to open (elicitation, URL mode); it is opened only if the person agrees. */
export type McpElicitUrlRequest = { serverUrl: string; serverName?: string; message: string; url: string };

/** 'accept' means the person agreed and the link was opened. */
export type McpElicitUrlResponse = { action: 'accept' | 'decline' | 'cancel' };

export type ElicitUrlCallback = (request: McpElicitUrlRequest, signal: AbortSignal) => Promise<McpElicitUrlResponse>;

/** Asks the person; `signal` aborts when the request that needs the answer is cancelled. */
export type ElicitCallback = (request: McpElicitRequest, signal: AbortSignal) => Promise<McpElicitResponse>;

/**
 * Checks a value against a JSON Schema (the app passes its validation worker). `id` names the schema for a check's
 * cache, which reuses a compiled schema only while the schema's text is the same (`argsValidatorFor`).
 */
export type SchemaCheck = (
  schema: { id: string; schema: Record<string, unknown> },
  value: unknown,
) => Promise<ValidationIssue[]>;

/** Whether a request without CORS could reach the server: a `no-cors` fetch that resolves means it answered. */
export type NoCorsProbe = (url: string) => Promise<'reachable' | 'unreachable'>;

/** A prompt a server offers (prompts/list): a template the person fills and inserts into their message. */
export type McpPromptInfo = {
  name: string;
  title?: string;
  description?: string;
  arguments: Array<{ name: string; description?: string; required: boolean }>;
};

/** A filled prompt (prompts/get) as text for the Message box: each message's text, in order. */
export type McpPromptText = { description?: string; text: string };

/** A resource a server lists (resources/list). */
export type McpResourceInfo = { uri: string; name: string; title?: string; description?: string; mimeType?: string };

/** A resource template (resources/templates/list): a URI with {placeholders} the person fills. */
export type McpResourceTemplateInfo = {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
};

/** One piece of a read resource: text, or base64 data. */
export type McpResourceContent = {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  meta?: Record<string, unknown>;
};

/** A server asks the client's model for a completion (legacy `sampling/createMessage`, 2025-11-25 servers only). */
export type McpSamplingRequest = {
  serverUrl: string;
  serverName?: string;
  messages: Array<{ role: 'user' | 'assistant'; text: string }>;
  systemPrompt?: string;
  maxTokens: number;
};

/** 'approve' carries what the model answered; 'deny' is the person's refusal, sent to the server as an error. */
export type McpSamplingResponse =
  | {
      action: 'approve';
      model: string;
      text: string;
      stopReason: 'endTurn' | 'maxTokens';
      usage?: { promptTokens: number; completionTokens: number };
    }
  | { action: 'deny' };

/** Shows the request for approval and runs it on the session's model when approved. */
export type SampleCallback = (request: McpSamplingRequest, signal: AbortSignal) => Promise<McpSamplingResponse>;
