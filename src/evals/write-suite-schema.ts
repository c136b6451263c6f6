/** Regenerates the checked-in suite schema copies: `npx tsx src/evals/write-suite-schema.ts`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSuiteSchema } from './suite-schema-source';

const text = `${JSON.stringify(buildSuiteSchema(), null, 2)}\n`;
for (const rel of ['./suite-schema.json', '../../public/schema/toolscope-suite-v3.json']) {
  writeFileSync(fileURLToPath(new URL(rel, import.meta.url)), text);
}
