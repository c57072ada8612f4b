/**
 * `npm run qa -- <machine> [<path words>] [--no-build]`: replays in Chromium,
 * against a fresh gateway, the machine's model paths whose name holds every
 * word (without words: the tours the browser suite runs), and writes one
 * HTML report per path under test-results/qa/<machine>/ (test/e2e/qa.spec.ts:
 * each step in words, the state reached, the gateway answers armed for it,
 * a screenshot, the path on the machine's diagram), beside Playwright's own
 * HTML report (playwright-report/) and a trace per path.
 *
 * `npm run paths -- <machine>` lists a machine's paths in words.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { drivers } from '../e2e/support/drivers.ts';
import type { MachineModel } from '../model/harness.ts';
import { chosenPaths, QA_DIR } from '../e2e/support/qaReport.ts';

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const [machine, ...words] = args.filter((a) => a !== '--no-build');
const driver = drivers[machine as keyof typeof drivers];
if (!machine || !driver) {
  console.error(`usage: npm run qa -- <machine> [<path words>] [--no-build]\nmachines with a browser driver: ${Object.keys(drivers).join(', ')}`);
  process.exit(2);
}
const paths = chosenPaths(driver.model as unknown as MachineModel<AnyStateMachine>, words.map((w) => w.toLowerCase()));
if (!paths.length) {
  console.error(`No path of ${machine} holds '${words.join(' ')}'. List them with: npm run paths -- ${machine}`);
  process.exit(2);
}
console.log(`Replaying ${paths.length} path(s) of ${machine}:\n${paths.map((p, i) => `  ${i + 1}. ${p.name}`).join('\n')}`);

const run = (command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (build && run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
const status = run('npx', ['playwright', 'test', 'test/e2e/qa.spec.ts', '--trace', 'on', '--reporter', 'list,html'], {
  QA_MACHINE: machine,
  QA_WORDS: words.join(' '),
  PW_TEST_HTML_REPORT_OPEN: 'never',
});
const dir = join(QA_DIR, machine);
const reports = existsSync(dir) ? readdirSync(dir).map((d) => join(dir, d, 'index.html')).filter(existsSync) : [];
console.log(`\nReports (open in a browser):\n${reports.map((r) => `  ${r}`).join('\n') || '  none'}`);
console.log('Playwright\'s report and traces: npx playwright show-report (each test has its trace).');
process.exit(status);
