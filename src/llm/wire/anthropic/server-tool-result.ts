import { isRecord } from '../../../domain/is-record';

type Obj = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A server tool's result as text for the card's Result, and whether it failed. */
export function describeServerResult(block: Obj): { output: string; failed: boolean } {
  const content = block.content;
  if (block.is_error === true) return { output: textOf(content), failed: true };
  if (Array.isArray(content)) {
    const urls = content.map((c) => (isRecord(c) ? str(c.url) : '')).filter((u) => u !== '');
    return { output: urls.length > 0 ? urls.join('\n') : textOf(content), failed: false };
  }
  if (isRecord(content)) {
    const code = str(content.error_code);
    if (code !== '') return { output: code, failed: true };
    const out = [str(content.stdout), str(content.stderr)].filter((s) => s !== '').join('\n');
    if (out !== '')
      return { output: out, failed: typeof content.return_code === 'number' && content.return_code !== 0 };
  }
  return { output: textOf(content), failed: false };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((c) => isRecord(c) && typeof c.text === 'string')) {
    return content.map((c) => str((c as Obj).text)).join('\n');
  }
  return content === undefined || content === null ? '' : JSON.stringify(content);
}
