/**
 * What MCP servers are waiting for from the person, for the chat to show: forms a server asked to be filled
 * (elicitation), links to open and sampling requests. A call's server and progress are not here: they travel on the
 * event spine (tool_started, tool_progress). Kept apart from the MCP wiring so the chat can read it
 * without loading the MCP client; nothing here imports it.
 */
import { create } from 'zustand';
import type {
  McpElicitRequest,
  McpElicitResponse,
  McpElicitUrlRequest,
  McpElicitUrlResponse,
  McpSamplingRequest,
} from '../../../mcp/types';

export type McpPrompt =
  | { kind: 'form'; id: number; request: McpElicitRequest; answer: (response: McpElicitResponse) => void }
  | { kind: 'url'; id: number; request: McpElicitUrlRequest; answer: (response: McpElicitUrlResponse) => void }
  | { kind: 'sampling'; id: number; request: McpSamplingRequest; answer: (response: McpSamplingDecision) => void };

/** The person's answer to a sampling request; 'cancel' when the server's request went away first. */
type McpSamplingDecision = { action: 'approve' | 'deny' | 'cancel' };

type McpPromptsState = {
  prompts: McpPrompt[];
};

export const useMcpPrompts = create<McpPromptsState>(() => ({ prompts: [] }));

let nextId = 1;

/** Shows a prompt in the chat until answered; an aborted request settles it as 'cancel'. */
function ask<R extends { action: string }>(
  signal: AbortSignal,
  cancel: R,
  make: (id: number, settle: (r: R) => void) => McpPrompt,
): Promise<R> {
  return new Promise((resolve) => {
    const id = nextId++;
    let settled = false;
    const settle = (response: R) => {
      if (settled) return;
      settled = true;
      useMcpPrompts.setState((s) => ({ prompts: s.prompts.filter((p) => p.id !== id) }));
      resolve(response);
    };
    if (signal.aborted) return settle(cancel);
    signal.addEventListener('abort', () => settle(cancel), { once: true });
    useMcpPrompts.setState((s) => ({ prompts: [...s.prompts, make(id, settle)] }));
  });
}

/** Shows the server's form in the chat; settles with the person's answer, or 'cancel' once `signal` aborts. */
export function askMcpUser(request: McpElicitRequest, signal: AbortSignal): Promise<McpElicitResponse> {
  return ask<McpElicitResponse>(signal, { action: 'cancel' }, (id, answer) => ({ kind: 'form', id, request, answer }));
}

/** Asks whether to open a link a server sent; the chat opens it only when the person says so. */
export function askMcpLink(request: McpElicitUrlRequest, signal: AbortSignal): Promise<McpElicitUrlResponse> {
  return ask<McpElicitUrlResponse>(signal, { action: 'cancel' }, (id, answer) => ({
    kind: 'url',
    id,
    request,
    answer,
  }));
}

/** Shows a server's sampling request in the chat for Approve / Deny. */
export function askMcpSampling(request: McpSamplingRequest, signal: AbortSignal): Promise<McpSamplingDecision> {
  return ask<McpSamplingDecision>(signal, { action: 'cancel' }, (id, answer) => ({
    kind: 'sampling',
    id,
    request,
    answer,
  }));
}
