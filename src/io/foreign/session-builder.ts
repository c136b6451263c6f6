import type { MessageRecord } from '../../db/records';
import { ROOT_BRANCH, type Branch } from '../../domain/branches';
import {
  zeroUsage,
  type AssistantMessage,
  type ChatMessage,
  type MessageImage,
  type ToolCall,
  type ToolMessage,
} from '../../domain/messages';
import type { SessionRecord } from '../../domain/session';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { deriveRuns } from './derive-runs';
import type { SkippedEntry } from './skipped-entry';

/**
 * Builds one session from another app's conversation (architecture.md, "Import and export of other formats"):
 * messages in conversation order, each on a branch, as ordinary records the import then checks and writes like any
 * file. No run wrote these messages; `finish` reads runs off them (io/foreign/derive-runs.ts).
 */
/** `sessionId`: the session's own id when the source carries one (a share link), else a new one. */
export type BuilderOptions = { newId: () => string; now: number; sessionId?: string };

type Draft<M extends ChatMessage> = Omit<M, 'id' | 'createdAt' | 'runId' | 'turn'> & { createdAt?: number };

export const NO_RESULT_TEXT = 'The export holds no result for this call.';

const TITLE_CHARS = 80;

function titleFromText(text: string, fallback: string): string {
  const first = text.trim().split('\n')[0]?.trim() ?? '';
  if (first === '') return fallback;
  return first.length > TITLE_CHARS ? `${first.slice(0, TITLE_CHARS - 1)}…` : first;
}

export function createSessionBuilder(opts: BuilderOptions) {
  const sessionId = opts.sessionId ?? opts.newId();
  const records: MessageRecord[] = [];
  const branches: Branch[] = [];
  const owner = new Map<string, string>();
  let turn = 0;
  let toolCalls = 0;
  let lastAt = opts.now;
  // Messages whose time the file gave: a run of them keeps real times (io/foreign/derive-runs.ts).
  const timed = new Set<string>();

  const push = (m: ChatMessage, branchId: string): string => {
    records.push({ ...m, sessionId, order: records.length, ...(branchId === ROOT_BRANCH ? {} : { branchId }) });
    owner.set(m.id, branchId);
    return m.id;
  };
  const at = (t: number | undefined) => {
    if (t !== undefined && Number.isFinite(t) && t > 0) lastAt = Math.round(t);
    return lastAt;
  };
  const given = (t: number | undefined) => t !== undefined && Number.isFinite(t) && t > 0;
  const note = (id: string, t: number | undefined) => {
    if (given(t)) timed.add(id);
    return id;
  };

  return {
    sessionId,
    /** A new branch continuing the path that ends with `afterMessageId` (null: the conversation's start). */
    fork(afterMessageId: string | null): string {
      const id = opts.newId();
      branches.push({
        id,
        parentId: afterMessageId === null ? ROOT_BRANCH : (owner.get(afterMessageId) ?? ROOT_BRANCH),
        forkMessageId: afterMessageId,
        createdAt: opts.now,
      });
      return id;
    },
    user(branchId: string, content: string, createdAt?: number, images?: MessageImage[]): string {
      return note(
        push(
          { id: opts.newId(), role: 'user', content, createdAt: at(createdAt), ...(images?.length ? { images } : {}) },
          branchId,
        ),
        createdAt,
      );
    },
    system(branchId: string, content: string, createdAt?: number): string {
      return note(push({ id: opts.newId(), role: 'system', content, createdAt: at(createdAt) }, branchId), createdAt);
    },
    assistant(
      branchId: string,
      m: Pick<Draft<AssistantMessage>, 'content' | 'providerItems' | 'citations' | 'edits' | 'wireParts'> & {
        reasoning?: string;
        refusal?: string | null;
        toolCalls?: ToolCall[];
        status?: AssistantMessage['status'];
        createdAt?: number;
      },
    ): string {
      turn += 1;
      toolCalls += m.toolCalls?.length ?? 0;
      return note(
        push(
          {
            id: opts.newId(),
            role: 'assistant',
            content: m.content,
            reasoning: m.reasoning ?? '',
            refusal: m.refusal ?? null,
            toolCalls: m.toolCalls ?? [],
            status: m.status ?? 'complete',
            runId: '',
            turn,
            createdAt: at(m.createdAt),
            ...(m.providerItems?.length ? { providerItems: m.providerItems } : {}),
            ...(m.citations?.length ? { citations: m.citations } : {}),
            ...(m.edits?.length ? { edits: m.edits } : {}),
            ...(m.wireParts ? { wireParts: m.wireParts } : {}),
          },
          branchId,
        ),
        m.createdAt,
      );
    },
    tool(
      branchId: string,
      m: {
        toolCallId: string;
        name: string;
        content: string;
        isError?: boolean;
        outcome?: ToolMessage['outcome'];
        createdAt?: number;
        images?: MessageImage[];
        edits?: ToolMessage['edits'];
      },
    ): string {
      return note(
        push(
          {
            id: opts.newId(),
            role: 'tool',
            toolCallId: m.toolCallId,
            name: m.name,
            content: m.content,
            isError: m.isError ?? false,
            outcome: m.outcome ?? (m.isError ? 'error' : 'ok'),
            runId: '',
            turn,
            createdAt: at(m.createdAt),
            ...(m.images?.length ? { images: m.images } : {}),
            ...(m.edits?.length ? { edits: m.edits } : {}),
          },
          branchId,
        ),
        m.createdAt,
      );
    },
    /** A call the file never answered: the history rule (invariant 1) needs an answer, so it says there was none. */
    noResult(branchId: string, call: { toolCallId: string; name: string }): string {
      return this.tool(branchId, { ...call, content: NO_RESULT_TEXT, isError: true, outcome: 'interrupted' });
    },
    get messageCount() {
      return records.length;
    },
    finish(meta: {
      title: string;
      model: string;
      createdAt?: number;
      updatedAt?: number;
      systemPrompt?: string;
    }): ExportedSessionV1 {
      const firstUser = records.find((m) => m.role === 'user' && (m.branchId ?? ROOT_BRANCH) === ROOT_BRANCH);
      const title =
        meta.title.trim() !== ''
          ? meta.title.trim().slice(0, 200)
          : titleFromText(firstUser?.role === 'user' ? firstUser.content : '', 'Imported conversation');
      const createdAt =
        meta.createdAt !== undefined && Number.isFinite(meta.createdAt) && meta.createdAt > 0
          ? Math.round(meta.createdAt)
          : (records[0]?.createdAt ?? opts.now);
      const session: SessionRecord = {
        id: sessionId,
        title,
        model: meta.model,
        status: 'idle',
        createdAt,
        updatedAt:
          meta.updatedAt !== undefined && Number.isFinite(meta.updatedAt) && meta.updatedAt > 0
            ? Math.round(meta.updatedAt)
            : Math.max(createdAt, lastAt),
        messageCount: records.length,
        toolCallCount: toolCalls,
        usage: zeroUsage(),
        settings: meta.systemPrompt ? { systemPrompt: meta.systemPrompt } : {},
        ...(branches.length > 0 ? { branches, activeBranchId: ROOT_BRANCH } : {}),
      };
      // Runs read off the messages, so the timeline has something to draw (architecture.md, "Import and export of other formats").
      const derived = deriveRuns(records, { sessionId, model: meta.model, newId: opts.newId, timed });
      return {
        session,
        messages: derived.messages,
        toolCalls: derived.toolCalls,
        runs: derived.runs,
        events: derived.events,
      };
    },
  };
}

export type SessionBuilder = ReturnType<typeof createSessionBuilder>;

/** What a converted file found and left out, in words the import dialog lists; `skipped`: whole entries left out. */
export type ForeignNotes = { format: string; found: string[]; leftOut: string[]; skipped: SkippedEntry[] };

/** Counts things left out by kind, then says them as sentences. */
export function createTally() {
  const counts = new Map<string, number>();
  return {
    add(what: string, n = 1) {
      counts.set(what, (counts.get(what) ?? 0) + n);
    },
    lines(): string[] {
      return [...counts].map(([what, n]) => `${n} × ${what}`);
    },
  };
}
