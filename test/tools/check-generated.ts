/**
 * Fails when a committed generated file is stale:
 * - the client types must be what openapi-typescript makes of
 *   openapi/gateway.yaml today (regenerate with `npm run gen:api`);
 * - the machines' diagrams in docs/diagrams/ (and their coverage renderings)
 *   and their Stately exports in docs/stately/ must be what `npm run diagrams`
 *   makes of machines/ and test/model/ today (no more, no fewer).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCS_DIR, generatedDocs, generatedOnDisk } from './diagrams/generate.ts';

const stale: string[] = [];

const committed = 'src/api/gateway.gen.ts';
const fresh = join(mkdtempSync(join(tmpdir(), 'gen-')), 'gateway.gen.ts');
execFileSync('npx', ['openapi-typescript', 'openapi/gateway.yaml', '-o', fresh], { stdio: 'ignore' });
if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) stale.push(`${committed} is stale: run \`npm run gen:api\` and commit the result.`);
else console.log(`${committed} matches openapi/gateway.yaml.`);

const drawn = await generatedDocs();
const differing = [...drawn].filter(([name, text]) => !existsSync(join(DOCS_DIR, name)) || readFileSync(join(DOCS_DIR, name), 'utf8') !== text).map(([name]) => name);
const extra = generatedOnDisk().filter((name) => !drawn.has(name));
if (differing.length || extra.length) stale.push(`docs/ is stale (${[...differing, ...extra].join(', ')}): run \`npm run diagrams\` and commit the result.`);
else console.log(`docs/diagrams and docs/stately match the machines of machines/ and their models (${drawn.size} files).`);

for (const line of stale) console.error(line);
if (stale.length) process.exitCode = 1;
