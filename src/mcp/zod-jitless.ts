/*
 * Imported before the SDK, for its side effect. The SDK builds its message schemas with zod when it loads, and zod
 * then tries `new Function` to compile faster checks. The page's policy forbids eval: the attempt fails (zod falls
 * back to plain checks) but the browser reports a policy violation on every load. Telling zod not to try, before
 * the SDK's schemas exist, avoids both.
 */
import { config } from 'zod';

config({ jitless: true });
