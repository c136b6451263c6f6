/** The stored server a sign-in came back for, handed to finishMcpSignIn (kept apart so the chunk stays small). */
import { db } from '../db/database';
import { getMcpServer } from '../db/mcp-servers-repo';
import { finishMcpSignIn } from './mcp-sign-in';

export function finishSignInFromCallback(callbackUrl: string): Promise<void> {
  return finishMcpSignIn(callbackUrl, (id) => getMcpServer(db, id));
}
