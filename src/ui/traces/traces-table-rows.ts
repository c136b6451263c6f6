/**
 * The Traces table's row geometry, apart from its component so the scale spec (e2e/traces-scale.spec.ts) bounds the
 * rows drawn with the numbers the table uses (docs/traces.md, "The table").
 */
export const TRACE_ROW_HEIGHT = 36;
/** Rows drawn beyond each edge of the view, so a scroll shows rows already laid out. */
export const TRACE_ROW_OVERSCAN = 12;
