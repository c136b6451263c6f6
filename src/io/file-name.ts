import { plural } from '../domain/plural';

/** `2026-11-22T10-30`: minutes in UTC, with characters every file system accepts. */
export function fileStamp(date: Date): string {
  return date.toISOString().slice(0, 16).replace(':', '-');
}

export function slugify(title: string, max = 40): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || 'session';
}

type FileNameSubject =
  | { kind: 'session'; title: string }
  | { kind: 'selection'; count: number }
  | { kind: 'all'; count: number }
  | { kind: 'openai'; title: string };

/** Says what and when: toolscope-<title>-<time>.json, toolscope-all-12-sessions-<time>.json, ... */
export function exportFileName(subject: FileNameSubject, date: Date): string {
  const when = fileStamp(date);
  switch (subject.kind) {
    case 'session':
      return `toolscope-${slugify(subject.title)}-${when}.json`;
    case 'selection':
      return `toolscope-${plural(subject.count, 'session').replace(' ', '-')}-${when}.json`;
    case 'all':
      return `toolscope-all-${plural(subject.count, 'session').replace(' ', '-')}-${when}.json`;
    case 'openai':
      return `toolscope-${slugify(subject.title)}-openai-messages-${when}.json`;
  }
}
