/**
 * `npm test`: every check of the project, in order, and one summary line.
 * typecheck, lint, unused code (knip), contract lint, generated-types freshness, vitest (unit,
 * machine and contract tests against the real gateway, on PGlite and on
 * PostgreSQL), the production build, then Playwright in Debian's Chromium
 * against the built app served by the real gateway (memory mode, fault switch on), then the smoke
 * journeys in Firefox and WebKit (`npm run engines`, test/engines: Debian's firefox-esr over WebDriver
 * BiDi, WebKitGTK's MiniBrowser under Xvfb).
 *
 * PostgreSQL: the server in DATABASE_URL when set (the tests create and drop
 * databases of their own on it, never touching the one the URL names), else a
 * throwaway cluster started here (test/tools/postgres.ts) and stopped at the
 * end, failures and Ctrl-C included.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startCluster, type Cluster } from './postgres.ts';

/** What JSON.parse gives: the shape of each tool's report is read where it is used. */
type Json = ReturnType<typeof JSON.parse>;

interface Step {
  name: string;
  command: string[];
  /** The file a step that runs tests writes its counts to, and how to read them from it. */
  counts?: { file: string; read: (json: Json) => { passed: number; failed: number } };
}

mkdirSync('test-results', { recursive: true });

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));

const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'unused code', command: ['npx', 'knip', '--no-progress'] },
  { name: 'contract lint', command: ['npx', 'redocly', 'lint', 'openapi/gateway.yaml', '--config', 'openapi/redocly.yaml'] },
  { name: 'generated files (client types, diagrams)', command: ['npx', 'tsx', 'test/tools/check-generated.ts'] },
  {
    name: 'vitest',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
    counts: { file: 'test-results/vitest.json', read: (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }) },
  },
  { name: 'build', command: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  {
    name: 'playwright',
    command: ['npx', 'playwright', 'test'],
    counts: {
      file: 'test-results/playwright.json',
      read: (r) => ({ passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected }),
    },
  },
  {
    name: 'Firefox and WebKit',
    command: ['npx', 'tsx', 'test/engines/run.ts', '--json', 'test-results/engines.json'],
    counts: { file: 'test-results/engines.json', read: (r) => r },
  },
];

let cluster: Cluster | undefined;
const stopCluster = () => {
  cluster?.stop();
  cluster = undefined;
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    stopCluster();
    process.exit(130);
  });
}
process.once('exit', stopCluster);

if (process.env.DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  console.log(`PostgreSQL: the server of DATABASE_URL (${new URL(process.env.DATABASE_URL).host}); the tests make databases of their own there.`);
} else {
  cluster = await startCluster();
  process.env.TEST_DATABASE_URL = cluster.url;
  console.log(`PostgreSQL: a throwaway cluster on ${new URL(cluster.url).host}, stopped at the end.`);
}

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  // A count file left by an earlier run must not stand in for a step that fails before writing one.
  if (step.counts) rmSync(step.counts.file, { force: true });
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  if (step.counts) {
    try {
      const c = step.counts.read(readJson(step.counts.file));
      passed += c.passed;
      failed += c.failed;
    } catch {
      // No counts (the step stopped before writing them): one failure, so the summary never reads green.
      failed += 1;
    }
  } else {
    if (ok) passed += 1;
    else failed += 1;
  }
  if (!ok) failedSteps.push(step.name);
}

console.log(`\nChecks: ${steps.length - failedSteps.length} of ${steps.length} steps green${failedSteps.length ? ` (failed: ${failedSteps.join(', ')})` : ''}`);
console.log(`${passed} passed, ${failed} failed`);
stopCluster();
process.exitCode = failedSteps.length ? 1 : 0;
