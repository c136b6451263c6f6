import { db } from '../../../db/database';
import { sealShare } from '../../../io/share/share-crypto';
import { ShareLinkError } from '../../../io/share/share-errors';
import { formatShareLink, MAX_INLINE_LINK_CHARS } from '../../../io/share/share-fragment-codec';
import { shareLeftOut } from '../../../io/share/share-left-out';
import { encodeSharePlaintext, sharePlaintext } from '../../../io/share/share-plaintext';
import type { ExportFileV1 } from '../../../io/session-file/format-v1';
import { putSharedObject, type PutShare } from '../../../sync/shared-object';
import { loadStorageConfig, storageUrl } from '../../../sync/storage-config';
import { recordStoredShare } from '../../../sync/stored-shares';
import { buildSessionsFile } from '../io/session-export';

/**
 * Where a made link keeps the session: in the link itself, or on the sync storage (the link says where).
 * `leftOut`: what the session has that the link does not carry, as sentences with counts (io/share/share-left-out.ts).
 */
export type MadeShareLink = ({ link: string; where: 'link' } | { link: string; where: 'storage'; shareId: string }) & {
  leftOut: string[];
};

async function inlineLink(file: ExportFileV1, includeToolResults: boolean, images: boolean, pageUrl: string) {
  const { key, sealed } = await sealShare(encodeSharePlaintext(sharePlaintext(file, includeToolResults, images)));
  return { key, sealed, link: formatShareLink(pageUrl, { mode: 'inline', key, sealed }) };
}

/**
 * Makes a share link for a stored session (architecture.md, "Share links"). Loaded with the "Share link" dialog
 * only. The session is sealed in the page; a link of more than MAX_INLINE_LINK_CHARS puts the sealed bytes on the
 * storage connected in "Sync and backup" instead. With none connected, a session whose images make it too long
 * travels without them (the dialog says so); one too long even so is refused with a sentence: connect a storage.
 */
export async function makeShareLink(
  sessionId: string,
  includeToolResults: boolean,
  pageUrl: string,
): Promise<MadeShareLink> {
  const { file } = await buildSessionsFile({ kind: 'session', sessionId }, false);
  if (file.sessions.length !== 1)
    throw new ShareLinkError('missing', 'This session is no longer stored here, so there is nothing to share.');
  const entry = file.sessions[0]!;
  const { key, sealed, link: inline } = await inlineLink(file, includeToolResults, true, pageUrl);
  const all = shareLeftOut(entry, { toolResults: includeToolResults, images: true });
  if (inline.length <= MAX_INLINE_LINK_CHARS) return { link: inline, where: 'link', leftOut: all };
  const config = await loadStorageConfig(db);
  if (config === null) {
    // An image alone is far longer than a link holds (a small screenshot is tens of thousands of base64 characters).
    const without = shareLeftOut(entry, { toolResults: includeToolResults, images: false }, inline.length);
    if (without.length > all.length) {
      const text = await inlineLink(file, includeToolResults, false, pageUrl);
      if (text.link.length <= MAX_INLINE_LINK_CHARS) return { link: text.link, where: 'link', leftOut: without };
    }
    const leaveOut = includeToolResults ? ', or leave tool results out' : '';
    throw new ShareLinkError(
      'too-large',
      `This session is too long to travel inside a link (a link holds up to ${MAX_INLINE_LINK_CHARS.toLocaleString('en')} ` +
        `characters; this one would be ${inline.length.toLocaleString('en')}). Connect a storage in ` +
        `"Sync and backup" to share it through your storage${leaveOut}.`,
    );
  }
  let put: PutShare;
  try {
    put = await putSharedObject(config, sealed);
  } catch (e) {
    throw new ShareLinkError(
      'unreachable',
      `The shared session could not be put on your storage, so no link was made. ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  // Recorded (without the key) so "Stop sharing" can remove it later.
  const id = put.path.slice(put.path.lastIndexOf('/') + 1);
  await recordStoredShare(db, {
    id,
    sessionId,
    storage: storageUrl(config),
    path: put.path,
    createdAt: Date.now(),
    toolResults: includeToolResults,
  });
  return {
    link: formatShareLink(pageUrl, { mode: 'stored', key, location: put.location }),
    where: 'storage',
    shareId: id,
    leftOut: all,
  };
}
