/**
 * v12: the trace inbox (architecture.md, "Trace inbox"; docs/traces.md). traceSources by id; traceFiles, what each
 * source's files held when last read (by source and key, so the next check reads only new or changed files);
 * traceParts, one trace's spans from one file (by source, trace and file; the spans of a trace spread over files are
 * its parts); traceIndex, the merged row per trace the Traces table lists (by source and start). No record is
 * rewritten: the tables are new.
 */
export const SCHEMA_V12_CHANGES = Object.freeze({
  traceSources: 'id',
  traceFiles: '[sourceId+key], sourceId',
  traceParts: '[sourceId+traceId+key], [sourceId+traceId], [sourceId+key]',
  traceIndex: '[sourceId+traceId], [sourceId+start]',
});
