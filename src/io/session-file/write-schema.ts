/** Regenerates the checked-in schema copies: `npx tsx src/io/session-file/write-schema.ts`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSessionSchema } from './schema-source';

const text = `${JSON.stringify(buildSessionSchema(), null, 2)}\n`;
for (const rel of ['./session-schema.json', '../../../public/schema/toolscope-session-v1.json']) {
  writeFileSync(fileURLToPath(new URL(rel, import.meta.url)), text);
}
