import type { MessageImage } from '../../domain/messages';

/** Only plain image types become an <img> source: a file imported from elsewhere may carry anything. */
const SHOWABLE = /^image\/[\w.+-]+$/i;

/** The images a message sent to the model (architecture.md, "Images to the model"), named by where they came from. */
export function MessageImages({ images }: { images: readonly MessageImage[] | undefined }) {
  if (!images || images.length === 0) return null;
  return (
    <div className="message-images">
      {images.map((image, i) =>
        SHOWABLE.test(image.mimeType) ? (
          <img
            key={i}
            src={`data:${image.mimeType};base64,${image.data}`}
            alt={`Image from ${image.label}`}
            style={{ maxWidth: '100%', maxHeight: '20rem' }}
          />
        ) : null,
      )}
    </div>
  );
}
