import { db } from '../../db/database';
import { sealShare } from '../../io/share/share-crypto';
import { ShareLinkError } from '../../io/share/share-errors';
import { formatShareLink, MAX_INLINE_LINK_CHARS } from '../../io/share/share-fragment-codec';
import { encodeSharePlaintext, sharePlaintext } from '../../io/share/share-plaintext';
import { putSharedObject, type PutShare } from '../../sync/shared-object';
import { loadStorageConfig, storageUrl } from '../../sync/storage-config';
import { recordStoredShare } from '../../sync/stored-shares';
import { buildSessionsFile } from './session-export';

/** Where a made link keeps the session: in the link itself, or on the sync storage (the link says where). */
export type MadeShareLink = { link: string; where: 'link' } | { link: string; where: 'storage'; shareId: string };

/**
 * Makes a share link for a stored session (architecture.md, "Share links"). Loaded with the "Share link" dialog
 * only. The session is sealed in the page; a link of more than MAX_INLINE_LINK_CHARS puts the sealed bytes on the
 * storage connected in "Sync and backup" instead, or, with none connected, says to connect one.
 */
export async function makeShareLink(sessionId: string, includeToolResults: boolean, pageUrl: string): Promise<MadeShareLink> {
  const { file } = await buildSessionsFile({ kind: 'session', sessionId }, false);
  if (file.sessions.length !== 1) throw new ShareLinkError('missing', 'This session is no longer stored here, so there is nothing to share.');
  const { key, sealed } = await sealShare(encodeSharePlaintext(sharePlaintext(file, includeToolResults)));
  const inline = formatShareLink(pageUrl, { mode: 'inline', key, sealed });
  if (inline.length <= MAX_INLINE_LINK_CHARS) return { link: inline, where: 'link' };
  const config = await loadStorageConfig(db);
  if (config === null) {
    const leaveOut = includeToolResults ? ', or leave tool results out' : '';
    throw new ShareLinkError(
      'too-large',
      `This session is too long to travel inside a link (a link holds up to ${MAX_INLINE_LINK_CHARS.toLocaleString('en')} characters; this one would be ${inline.length.toLocaleString('en')}). Connect a storage in "Sync and backup" to share it through your storage${leaveOut}.`,
    );
  }
  let put: PutShare;
  try {
    put = await putSharedObject(config, sealed);
  } catch (e) {
    throw new ShareLinkError('unreachable', `The shared session could not be put on your storage, so no link was made. ${e instanceof Error ? e.message : String(e)}`);
  }
  // Recorded (without the key) so "Stop sharing" can remove it later.
  const id = put.path.slice(put.path.lastIndexOf('/') + 1);
  await recordStoredShare(db, { id, sessionId, storage: storageUrl(config), path: put.path, createdAt: Date.now(), toolResults: includeToolResults });
  return { link: formatShareLink(pageUrl, { mode: 'stored', key, location: put.location }), where: 'storage', shareId: id };
}
