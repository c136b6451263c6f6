import { fileStamp, slugify } from '../io/file-name';

/**
 * Names a chart export after the session people know it by (its title, not its uuid) and when it
 * was taken, like session exports: toolscope-timeline-weather-in-paris-2026-11-22T10-30.svg.
 */
export function timelineExportName(title: string | null, date: Date, ext: 'svg' | 'png'): string {
  return `toolscope-timeline-${slugify(title ?? '')}-${fileStamp(date)}.${ext}`;
}

/** The heading drawn at the top of the exported picture. */
export function timelineExportHeading(title: string | null, date: Date): string {
  return `Toolscope timeline · ${title?.trim() || 'Untitled session'} · exported ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
