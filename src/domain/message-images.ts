/**
 * Which base64 content may go to the model as an image (architecture.md, "Images to the model"): an image type
 * the providers read, no larger than the limit once decoded. Everything else stays out with a reason a person reads.
 */
import type { MessageImage } from './messages';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image types OpenAI-compatible vision models accept. */
const SENDABLE = /^image\/(png|jpeg|jpg|gif|webp)$/i;

type ImageCheck = { ok: true; image: MessageImage; bytes: number } | { ok: false; reason: string; bytes: number };

/** The decoded size of base64 data. */
export function base64Bytes(base64: string): number {
  const trimmed = base64.trimEnd();
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

export function isImageType(mimeType: string | undefined): boolean {
  return mimeType !== undefined && /^image\//i.test(mimeType);
}

export function checkImage(mimeType: string | undefined, data: string, label: string): ImageCheck {
  const bytes = base64Bytes(data);
  if (!isImageType(mimeType) || mimeType === undefined)
    return { ok: false, reason: 'not an image: only text and images reach the model', bytes };
  if (!SENDABLE.test(mimeType))
    return { ok: false, reason: `${mimeType} is not an image type models read (PNG, JPEG, GIF or WebP)`, bytes };
  if (bytes > MAX_IMAGE_BYTES)
    return { ok: false, reason: `over the ${MAX_IMAGE_BYTES / 1024 / 1024} MB limit for an image`, bytes };
  if (!/^[A-Za-z0-9+/=\s]*$/.test(data)) return { ok: false, reason: 'the image data is not valid base64', bytes };
  return { ok: true, image: { mimeType: mimeType.toLowerCase(), data: data.replace(/\s+/g, ''), label }, bytes };
}

/** The address a model and an <img> read the image from. */
export function imageDataUrl(image: Pick<MessageImage, 'mimeType' | 'data'>): string {
  return `data:${image.mimeType};base64,${image.data}`;
}

/** A size for a person to read. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
