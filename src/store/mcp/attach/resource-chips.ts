/**
 * MCP resources attached to the next message, as the Message box shows them (chips) and sends them: after the
 * person's words, each resource's text named by its URI. No MCP or storage code here, so the chat carries none.
 */
import { create } from 'zustand';
import type { McpResourceContent } from '../../../mcp/types';

export type ResourceAttachment = {
  id: number;
  serverId: string;
  serverLabel: string;
  uri: string;
  name: string;
  contents: McpResourceContent[];
  /** How many times the server said the resource changed and it was read again (subscriptions). */
  refreshed?: number;
  /** The first words of its text, for the chip (set where it is read: that code loads on first use). */
  preview?: string;
};

export const useResourceAttachments = create<{ items: ResourceAttachment[] }>(() => ({ items: [] }));

let nextId = 1;

export function addResourceAttachment(item: Omit<ResourceAttachment, 'id'>): void {
  const added: ResourceAttachment = { ...item, id: nextId++ };
  useResourceAttachments.setState((s) => ({
    items: [...s.items.filter((i) => i.uri !== item.uri || i.serverId !== item.serverId), added],
  }));
}

export function detachResource(id: number): void {
  useResourceAttachments.setState((s) => ({ items: s.items.filter((i) => i.id !== id) }));
}

export function clearResourceAttachments(): void {
  useResourceAttachments.setState({ items: [] });
}
