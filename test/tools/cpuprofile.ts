/**
 * `npx tsx test/tools/cpuprofile.ts <file.cpuprofile> [top] [last-seconds]`:
 * where a V8 CPU profile's time went, as self time per function and per module
 * (package or our source file), largest first; with `last-seconds`, only the
 * profile's last seconds (the measured seconds of a gateway's profile written by
 * `LOAD_PROFILE_DIR=... npm run load`, which stops it right after: no start-up).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile.ts <file.cpuprofile> [top] [last-seconds]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map<number, number>();
/** Samples from this time on (µs, the profile's clock). */
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from) selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

/** A module's short name: the package under node_modules, or the path from the repository. */
function moduleOf(url: string): string {
  if (!url) return '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const own = url.match(/\/(gateway|src|machines|openapi)\/.*$/);
  return own ? own[0].slice(1) : url.replace(/^file:\/\//, '');
}

const perFunction = new Map<string, number>();
const perModule = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const module = moduleOf(url);
  const fn = `${functionName || '(anonymous)'} ${module}${url ? `:${lineNumber + 1}` : ''}`;
  perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
  perModule.set(module, (perModule.get(module) ?? 0) + ms);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`);
  }
};
console.log(`${file}: ${total.toFixed(0)} ms sampled`);
print('self time per module', perModule);
print('self time per function', perFunction);
