import { db } from '../../../db/database';
import { toolSecretSource } from '../../../db/tools-repo';

/** Stored secret header values, for running a tool by hand the way a run does (store/default-run-deps.ts). */
export const storedToolSecrets = toolSecretSource(db);
