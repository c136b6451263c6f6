/**
 * What MCP servers are waiting for from the person, for the chat to show: forms a server asked to be filled
 * (elicitation), and the live progress of running MCP calls. Kept apart from the MCP wiring so the chat can read it
 * without loading the MCP client; nothing here imports it.
 */
import { create } from 'zustand';
import type { McpElicitRequest, McpElicitResponse, McpElicitUrlRequest, McpElicitUrlResponse, McpProgress, McpSamplingRequest } from '../mcp/types';

export type McpPrompt =
  | { kind: 'form'; id: number; request: McpElicitRequest; answer: (response: McpElicitResponse) => void }
  | { kind: 'url'; id: number; request: McpElicitUrlRequest; answer: (response: McpElicitUrlResponse) => void }
  | { kind: 'sampling'; id: number; request: McpSamplingRequest; answer: (response: McpSamplingDecision) => void };

/** The person's answer to a sampling request; 'cancel' when the server's request went away first. */
export type McpSamplingDecision = { action: 'approve' | 'deny' | 'cancel' };

/** Which server a call went to, and its latest progress report. */
export type McpCallInfo = { serverName: string; protocolRevision: string; progress?: McpProgress };

type McpPromptsState = {
  prompts: McpPrompt[];
  calls: Record<string, McpCallInfo>;
};

export const useMcpPrompts = create<McpPromptsState>(() => ({ prompts: [], calls: {} }));

let nextId = 1;

/** Shows a prompt in the chat until answered; an aborted request settles it as 'cancel'. */
function ask<R extends { action: string }>(signal: AbortSignal, cancel: R, make: (id: number, settle: (r: R) => void) => McpPrompt): Promise<R> {
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
  return ask<McpElicitUrlResponse>(signal, { action: 'cancel' }, (id, answer) => ({ kind: 'url', id, request, answer }));
}

/** Shows a server's sampling request in the chat for Approve / Deny. */
export function askMcpSampling(request: McpSamplingRequest, signal: AbortSignal): Promise<McpSamplingDecision> {
  return ask<McpSamplingDecision>(signal, { action: 'cancel' }, (id, answer) => ({ kind: 'sampling', id, request, answer }));
}

export function noteMcpCall(callId: string, info: McpCallInfo): void {
  useMcpPrompts.setState((s) => ({ calls: { ...s.calls, [callId]: { ...s.calls[callId], ...info } } }));
}

export function noteMcpProgress(callId: string, progress: McpProgress): void {
  useMcpPrompts.setState((s) => {
    const call = s.calls[callId];
    return call === undefined ? s : { calls: { ...s.calls, [callId]: { ...call, progress } } };
  });
}
