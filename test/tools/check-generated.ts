/**
 * Fails when a committed generated file is stale: the client types must be what
 * openapi-typescript makes of openapi/gateway.yaml today. Regenerate with
 * `npm run gen:api`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const committed = 'src/api/gateway.gen.ts';
const fresh = join(mkdtempSync(join(tmpdir(), 'gen-')), 'gateway.gen.ts');
execFileSync('npx', ['openapi-typescript', 'openapi/gateway.yaml', '-o', fresh], { stdio: 'ignore' });
if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
  console.error(`${committed} is stale: run \`npm run gen:api\` and commit the result.`);
  process.exitCode = 1;
} else {
  console.log(`${committed} matches openapi/gateway.yaml.`);
}
