import type { ToolscopeDB } from '../db/database';
import { getSetting, isString, setSetting } from '../db/settings-repo';

const KEY = 'embeddingModel';

const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/** The embeddings model for memory recall; an empty string turns embeddings off (keyword recall). */
export function getEmbeddingModel(db: ToolscopeDB): Promise<string> {
  return getSetting(db, KEY, isString, DEFAULT_EMBEDDING_MODEL);
}

export function setEmbeddingModel(db: ToolscopeDB, model: string): Promise<void> {
  return setSetting(db, KEY, model.trim());
}
