/**
 * What MCP servers are waiting for from the person, for the chat to show: forms a server asked to be filled
 * (elicitation), and the live progress of running MCP calls. Kept apart from the MCP wiring so the chat can read it
 * without loading the MCP client; nothing here imports it.
 */
import { create } from 'zustand';
import type { McpElicitRequest, McpElicitResponse, McpProgress } from '../mcp/types';

export type McpPrompt = { id: number; request: McpElicitRequest; answer: (response: McpElicitResponse) => void };

/** Which server a call went to, and its latest progress report. */
export type McpCallInfo = { serverName: string; protocolRevision: string; progress?: McpProgress };

type McpPromptsState = {
  prompts: McpPrompt[];
  calls: Record<string, McpCallInfo>;
};

export const useMcpPrompts = create<McpPromptsState>(() => ({ prompts: [], calls: {} }));

let nextId = 1;

/** Shows the server's form in the chat; settles with the person's answer, or 'cancel' once `signal` aborts. */
export function askMcpUser(request: McpElicitRequest, signal: AbortSignal): Promise<McpElicitResponse> {
  return new Promise((resolve) => {
    const id = nextId++;
    const settle = (response: McpElicitResponse) => {
      useMcpPrompts.setState((s) => ({ prompts: s.prompts.filter((p) => p.id !== id) }));
      resolve(response);
    };
    if (signal.aborted) return settle({ action: 'cancel' });
    signal.addEventListener('abort', () => settle({ action: 'cancel' }), { once: true });
    useMcpPrompts.setState((s) => ({ prompts: [...s.prompts, { id, request, answer: settle }] }));
  });
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
