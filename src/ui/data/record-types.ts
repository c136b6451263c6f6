/** The stored shapes the ui/data hooks hand to components (db/records.ts defines them). */
export type { EventRecord, MemoryRecord, RunRecord, ToolCallRecord } from '../../db/records';
