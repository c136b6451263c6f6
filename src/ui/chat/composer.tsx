import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { takeComposerInsert, useComposerInsert } from '../../store/session/composer-insert';
import type { MessageImage } from '../../domain/messages';
import { clearResourceAttachments, useResourceAttachments, withAttachedResources } from '../../store/mcp/mcp-face';
import { useUiStore } from '../../store/ui-store';
import { ResourceChipList } from '../mcp/asks/attached-resources';
import { cursorStaysIn, useComposerFocus } from './composer-focus';
import { MESSAGE_BOX_ID } from '../shell/skip-link';
import { readDraft, writeDraft } from './drafts';
import { primaryClass, useSendIsPrimary } from '../shared/primary-action';
import type { SlashKeys } from '../mcp/asks/mcp-slash-prompts';

const McpSlashPrompts = lazy(() =>
  import('../mcp/asks/mcp-slash-prompts').then((m) => ({ default: m.McpSlashPrompts })),
);

/** Why a session's Message box takes no input: it is run by another tab, shown as a replay, an imported trace, or a trace opened from the Traces view. */
type ComposerReadOnly = 'other_tab' | 'replay' | 'imported_trace' | 'opened_trace';

const READ_ONLY_TEXT: Record<ComposerReadOnly, string> = {
  other_tab: 'This session is running in another tab',
  replay: 'A replay is shown: Exit replay to write',
  imported_trace: 'An imported trace is read-only',
  opened_trace: 'A trace is read-only: re-run one of its steps to try it again',
};

type Props = {
  /** Whose unsent text this is: it survives switching sessions or tabs and coming back. */
  draftKey: string;
  running: boolean;
  /** Why nothing can be sent here now, or null: the box says it in its placeholder. */
  readOnly: ComposerReadOnly | null;
  /** `keepCursor`: the person was writing here, so the box the message goes to should have the cursor next. */
  onSend: (text: string, keepCursor: boolean, images?: MessageImage[]) => Promise<boolean>;
  onStop: () => void;
};

export function Composer({ draftKey, running, readOnly, onSend, onStop }: Props) {
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const setText = (t: string) => {
    setTextState(t);
    writeDraft(draftKey, t);
  };
  const [sending, setSending] = useState(false);
  const sendPrimary = useSendIsPrimary();
  const box = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useComposerFocus(box, draftKey, readOnly === null);
  // Send and Stop turn disabled once used: the cursor goes back to the box (unless the person moved it elsewhere).
  const keepTyping = (): boolean => {
    const keep = cursorStaysIn(form.current);
    if (keep) useUiStore.getState().requestComposerFocus(draftKey);
    return keep;
  };
  const canSend = text.trim() !== '' && !running && readOnly === null && !sending;

  // Text sent here from elsewhere (a prompt filled in the Tools view) is added to what is typed.
  const pendingInsert = useComposerInsert((s) => s.pending);
  useEffect(() => {
    if (pendingInsert === null || readOnly !== null) return;
    const inserted = takeComposerInsert();
    if (inserted !== null) setText(text.trim() === '' ? inserted : `${text}\n\n${inserted}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new insert matters, not each keystroke
  }, [pendingInsert, readOnly]);

  // `/` alone (or followed by a name) opens the prompts list; Escape closes it until the text changes.
  const [slashClosedAt, setSlashClosedAt] = useState<string | null>(null);
  useEffect(() => {
    if (slashClosedAt !== null && text !== slashClosedAt) setSlashClosedAt(null);
  }, [text, slashClosedAt]);
  const slashOpen = readOnly === null && /^\/[^\s]*$/.test(text) && slashClosedAt !== text;
  const slashKeys = useRef<SlashKeys | null>(null);
  const [slashActive, setSlashActive] = useState<{ id: string | null; listId: string } | null>(null);
  const onSlashActive = useCallback((id: string | null, listId: string) => setSlashActive({ id, listId }), []);

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      // Attached MCP resources go with this message, after the text, and are let go once it is sent.
      const attached = useResourceAttachments.getState().items;
      const message = attached.length === 0 ? { text, images: [] } : await withAttachedResources(text, attached);
      if (await onSend(message.text, keepTyping(), message.images.length > 0 ? message.images : undefined)) {
        setText('');
        if (attached.length > 0) clearResourceAttachments();
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slashOpen && slashKeys.current?.(e) === true) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    // Enter sends; Shift+Enter is a new line; Enter while an IME is composing belongs to the IME.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form
      ref={form}
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <ResourceChipList />
      <textarea
        ref={box}
        id={MESSAGE_BOX_ID}
        aria-label="Message"
        placeholder={readOnly ? READ_ONLY_TEXT[readOnly] : 'Message (Enter sends, Shift+Enter for a new line)'}
        rows={2}
        value={text}
        disabled={readOnly !== null}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-controls={slashOpen ? slashActive?.listId : undefined}
        aria-activedescendant={slashOpen ? (slashActive?.id ?? undefined) : undefined}
      />
      {slashOpen && (
        <Suspense fallback={null}>
          <McpSlashPrompts
            query={text.slice(1)}
            keys={slashKeys}
            onActive={onSlashActive}
            onInsert={(t) => {
              setText(t);
              box.current?.focus();
            }}
            onClose={() => {
              setSlashClosedAt(text);
              box.current?.focus();
            }}
          />
        </Suspense>
      )}
      <button type="submit" className={primaryClass(sendPrimary)} disabled={!canSend}>
        Send
      </button>
      <button
        type="button"
        disabled={!running}
        onClick={() => {
          keepTyping();
          onStop();
        }}
        aria-keyshortcuts="Escape"
      >
        Stop
      </button>
    </form>
  );
}
