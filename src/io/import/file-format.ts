import { foreignKindOf, hasZipMagic, isZipName, mayBeAguiJsonLines, type ForeignKind } from '../foreign/detect';
import { looksLikeOpenAIMessages } from '../openai/openai-messages-import';
import { looksLikeOtlpTraces } from '../otlp/otlp-import';

/**
 * What a file is, decided here and nowhere else (architecture.md, "Import and export of other formats"): the import
 * job, the session-file check and the archive reader all ask this one function, so a new format has one answer to
 * "where is it recognised?". Shapes alone decide; no converter is loaded to ask.
 */
type FileFormat =
  /** A .zip, or several files picked together: another app's data export picked whole. */
  | { kind: 'archive' }
  /** Text that is not one JSON value, whose first line is an AG-UI event: a JSON Lines event log. */
  | { kind: 'agui_json_lines' }
  /** Text that is neither JSON nor JSON Lines of events. */
  | { kind: 'not_json' }
  /** Another app's export or log, by the shape of its first entries. */
  | { kind: 'foreign'; app: ForeignKind }
  /** An OTLP/JSON trace (an ExportTraceServiceRequest). */
  | { kind: 'otlp' }
  /** Chat Completions messages (a list, or an object with `messages`). */
  | { kind: 'openai_messages' }
  /** Anything else is read as a Toolscope session file: its envelope says whether it is one. */
  | { kind: 'toolscope' };

/** What is known of the file at each step of reading it: the picked files' names and first bytes, its text, its value. */
type FormatEvidence =
  | { step: 'picked'; files: readonly { name: string; head: Uint8Array }[] }
  | { step: 'unparsed'; text: string }
  | { step: 'parsed'; data: unknown };

export function fileFormat(evidence: FormatEvidence): FileFormat {
  switch (evidence.step) {
    case 'picked': {
      const [first, ...rest] = evidence.files;
      if (first === undefined) return { kind: 'not_json' };
      return rest.length > 0 || isZipName(first.name) || hasZipMagic(first.head)
        ? { kind: 'archive' }
        : { kind: 'toolscope' };
    }
    case 'unparsed':
      return mayBeAguiJsonLines(evidence.text) ? { kind: 'agui_json_lines' } : { kind: 'not_json' };
    case 'parsed': {
      const app = foreignKindOf(evidence.data);
      if (app !== null) return { kind: 'foreign', app };
      if (looksLikeOtlpTraces(evidence.data)) return { kind: 'otlp' };
      if (looksLikeOpenAIMessages(evidence.data)) return { kind: 'openai_messages' };
      return { kind: 'toolscope' };
    }
  }
}
