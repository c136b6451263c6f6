import type { FileIssue } from '../session-file/validate-file';
import { isRecord } from '../../domain/is-record';

/** A file of another app's format has the wrong shape where it matters: what and where, for the import dialog. */
export class ForeignShapeError extends Error {
  constructor(
    readonly format: string,
    readonly issue: FileIssue,
  ) {
    super(
      `This looks like ${format}, but it does not match that format: at ${issue.path}, expected ${issue.expected}.`,
    );
    this.name = 'ForeignShapeError';
  }
}

/**
 * A shape that is refused for safety wherever it is (a message tree that loops back on itself): it refuses the whole
 * file, where another unreadable entry is only left out.
 */
export class ForeignLoopError extends ForeignShapeError {
  constructor(format: string, issue: FileIssue) {
    super(format, issue);
    this.name = 'ForeignLoopError';
  }
}

/** An entry that cannot be read is left out and the rest imported; a loop or a limit still refuses the file. */
export const skippableShapeError = (err: unknown): err is ForeignShapeError =>
  err instanceof ForeignShapeError && !(err instanceof ForeignLoopError);

/** The file is larger than an import takes (entries, nodes, inflated bytes): refused before it costs memory. */
export class ForeignLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForeignLimitError';
  }
}

/** A .zip that cannot be read, or the files picked together do not make a whole export. */
export class ForeignArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForeignArchiveError';
  }
}

export type Obj = Record<string, unknown>;

/** Shape checks that throw ForeignShapeError naming the path: every converter reads untrusted JSON through these. */
export function shapeReader(format: string) {
  const fail = (path: string, expected: string): never => {
    throw new ForeignShapeError(format, { path, expected });
  };
  return {
    fail,
    obj(v: unknown, path: string): Obj {
      return isRecord(v) ? v : fail(path, 'an object');
    },
    arr(v: unknown, path: string): unknown[] {
      return Array.isArray(v) ? v : fail(path, 'a list');
    },
    str(v: unknown, path: string): string {
      return typeof v === 'string' ? v : fail(path, 'a string');
    },
    /** Optional: absent or null is undefined; any other type is refused. */
    optStr(v: unknown, path: string): string | undefined {
      if (v === undefined || v === null) return undefined;
      return typeof v === 'string' ? v : fail(path, 'a string or nothing');
    },
    optNum(v: unknown, path: string): number | undefined {
      if (v === undefined || v === null) return undefined;
      return typeof v === 'number' && Number.isFinite(v) ? v : fail(path, 'a number or nothing');
    },
  };
}
