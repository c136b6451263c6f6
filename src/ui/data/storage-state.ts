/** Which storage the app runs on (IndexedDB, or memory where the browser refused it); fixed at start-up. */
export { storageBackend } from '../../db/storage-backend';
