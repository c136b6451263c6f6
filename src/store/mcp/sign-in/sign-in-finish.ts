/** The stored server a sign-in came back for, handed to finishMcpSignIn (kept apart so the chunk stays small). */
import { db } from '../../../db/database';
import { getMcpServer } from '../../../db/mcp-servers-repo';
import { finishMcpSignIn } from './mcp-sign-in';
import { postToOpener } from './sign-in-popup';

/** Finishes the sign-in here, or, in a sign-in popup, hands it to the tab that opened the popup. */
export function finishSignInFromCallback(callbackUrl: string): Promise<void> {
  if (typeof window !== 'undefined' && postToOpener(window, callbackUrl)) return Promise.resolve();
  return finishMcpSignIn(callbackUrl, (id) => getMcpServer(db, id));
}
