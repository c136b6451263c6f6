import { useLiveQuery } from 'dexie-react-hooks';
import { getEmbeddingModel, setEmbeddingModel } from '../../../context/embedding-setting';
import { db } from '../../../db/database';

/** The embeddings model memory recall uses, live; undefined until the first read. */
export function useEmbeddingModel(): string | undefined {
  return useLiveQuery(() => getEmbeddingModel(db), []);
}

/** An empty model turns embeddings off (recall matches keywords). */
export function saveEmbeddingModel(model: string): Promise<void> {
  return setEmbeddingModel(db, model);
}
