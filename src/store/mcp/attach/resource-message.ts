/**
 * What the model receives of the attached MCP resources (loaded when a message with attachments is sent, so the
 * first page load carries none of it): text after the person's words, images beside it (architecture.md,
 * "Images to the model").
 */
import { byteSize, checkImage, isImageType } from '../../../domain/message-images';
import type { MessageImage } from '../../../domain/messages';
import type { ResourceAttachment } from './resource-chips';

/**
 * The message the model receives: the person's text, then each attached resource's content, named. An image
 * (within bounds) goes beside the text as an image part (`imagesOfResources`); the text says which it is.
 */
export function messageWithResources(text: string, items: readonly ResourceAttachment[]): string {
  if (items.length === 0) return text;
  let sent = 0;
  const blocks = items.flatMap((item) =>
    item.contents.map((c) => {
      const head = `[Resource ${item.name} from ${item.serverLabel}: ${c.uri}${c.mimeType !== undefined ? ` (${c.mimeType})` : ''}]`;
      if (c.text !== undefined) return `${head}\n${c.text}`;
      const image = checkImage(c.mimeType, c.blob ?? '', item.name);
      if (image.ok) return `${head}\n(image, ${byteSize(image.bytes)}: attached as image ${++sent})`;
      const why = isImageType(c.mimeType) ? image.reason : 'only text and image resources reach the model';
      return `${head}\n(binary content, ${image.bytes} bytes: not sent, ${why})`;
    }),
  );
  return [text, ...blocks].join('\n\n');
}

/** The attached resources' images that go to the model, in the order the text names them. */
export function imagesOfResources(items: readonly ResourceAttachment[]): MessageImage[] {
  return items.flatMap((item) =>
    item.contents.flatMap((c) => {
      if (c.text !== undefined) return [];
      const image = checkImage(c.mimeType, c.blob ?? '', `${item.name} from ${item.serverLabel}`);
      return image.ok ? [image.image] : [];
    }),
  );
}

/** The message text and its images, as the Message box sends them. */
export function resourceMessage(
  text: string,
  items: readonly ResourceAttachment[],
): { text: string; images: MessageImage[] } {
  return { text: messageWithResources(text, items), images: imagesOfResources(items) };
}
