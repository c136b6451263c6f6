import { db } from '../../../db/database';
import type { ExportScope } from '../../../io/session-file/export-sessions';
import { downloadText } from '../../shared/download';

/** An OpenTelemetry trace file of stored sessions; the trace code loads on first use (architecture.md, "Traces"). */
export async function exportTraceFile(scope: ExportScope, includeContent: boolean): Promise<string> {
  const [{ buildTrace }, { fileStamp, slugify }] = await Promise.all([
    import('../../../io/otlp/trace-build'),
    import('../../../io/file-name'),
  ]);
  const { traces, sessions, title } = await buildTrace(db, scope, { includeContent });
  if (sessions === 0) throw new Error('There is no session to export.');
  const spans = traces.resourceSpans.reduce((n, r) => n + r.scopeSpans.reduce((m, s) => m + s.spans.length, 0), 0);
  const subject =
    scope.kind === 'session' && title !== null
      ? slugify(title)
      : `${scope.kind}-${sessions}-session${sessions === 1 ? '' : 's'}`;
  const name = `toolscope-${subject}-otel-trace-${fileStamp(new Date())}.json`;
  downloadText(name, JSON.stringify(traces));
  return `Exported ${spans} span${spans === 1 ? '' : 's'} as ${name}${includeContent ? ' (with content)' : ' (without content)'}.`;
}
