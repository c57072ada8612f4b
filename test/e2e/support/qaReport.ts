/**
 * QA's replays (test/e2e/qa.spec.ts, `npm run qa`): which paths, and the
 * HTML report of one path.
 */
import type { AnyStateMachine } from 'xstate';
import { modelPaths, tourPaths, type MachineModel, type ModelPath } from '../../model/harness.ts';

export const QA_DIR = 'test-results/qa';

export interface Answer {
  kind: 'armed' | 'answered';
  text: string;
}
export interface StepReport {
  index: number;
  label: string;
  state: string;
  answers: Answer[];
  screenshot: string;
}

/** The paths QA asked for: those whose name holds every word, else the browser's tours of the machine. */
export function chosenPaths(model: MachineModel<AnyStateMachine>, filter: string[]): ModelPath<AnyStateMachine>[] {
  const all = modelPaths(model);
  if (!filter.length) return tourPaths(model, all);
  return all.filter((p) => filter.every((w) => p.name.toLowerCase().includes(w)));
}

export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An armed fault in words: what the gateway will answer. */
export function answerText(fault: Record<string, unknown>): string {
  const held = fault.held ? ', held until the path reaches it' : '';
  const query = fault.query ? ` ${JSON.stringify(fault.query)}` : '';
  if (fault.mode === 'reply') return `${fault.operationId}${query}: ${fault.status ?? 200} ${JSON.stringify(fault.body ?? null).slice(0, 300)}${held}`;
  if (fault.mode === 'error') return `${fault.operationId}${query}: ${fault.status ?? 500} '${String(fault.message ?? '')}'${held}`;
  return `${fault.operationId}${query}: ${String(fault.mode)}${held}`;
}

export function reportHtml(title: string, path: ModelPath<AnyStateMachine>, steps: StepReport[], diagram: string, traceNote: string): string {
  const rows = steps
    .map(
      (s) => `<tr><td>${s.index}</td><td>${escapeHtml(s.label)}</td><td><code>${escapeHtml(s.state)}</code></td>
<td>${s.answers.map((a) => `<div class="${a.kind}">${a.kind === 'armed' ? 'armed' : 'answered'}: <code>${escapeHtml(a.text)}</code></div>`).join('') || '—'}</td>
<td><a href="${s.screenshot}"><img src="${s.screenshot}" alt="The page after step ${s.index}: ${escapeHtml(s.label)}" width="320"></a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 24px; color: #111827; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #d1d5db; padding: 8px; vertical-align: top; text-align: left; }
th { background: #f3f4f6; }
code { font-size: 13px; word-break: break-word; }
.armed { color: #1e3a8a; } .answered { color: #065f46; }
.diagram { overflow: auto; border: 1px solid #d1d5db; margin: 16px 0; }
</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p><strong>Path:</strong> ${escapeHtml(path.name)}</p>
<p>${traceNote}</p>
<h2>Steps</h2>
<table><thead><tr><th>#</th><th>What happens</th><th>State reached</th><th>Gateway answers</th><th>Screenshot</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<h2>The path on the machine's diagram</h2>
<p>Each transition the path takes is labelled with its steps; the others are grey.</p>
<div class="diagram">${diagram.replace(/^<\?xml[^>]*>/, '')}</div>
</body></html>
`;
}

