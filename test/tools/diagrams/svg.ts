/**
 * Draws a statechart (statechart.ts) as SVG: the layout is ELK's layered
 * algorithm (elkjs, offline, deterministic), over the whole hierarchy at
 * once, so a transition between nested states is routed across their
 * parents. States are boxes (a compound state holds its children, a
 * parallel state its regions side by side with dashed borders, a final state
 * has a double border, the initial child is pointed at from a dot); each box
 * lists its invoked actors, its tags and the transitions that only update the
 * context ('on …'). Text is monospaced, so its width is known without a
 * browser. `counts`, when given, adds to each transition how many model paths
 * take it (the coverage rendering) and greys out what none takes.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api.js';
import { statesOf, transitionText, type ChartState, type ChartTransition } from './statechart.ts';

const FONT = 12;
/** DejaVu Sans Mono and its kin: 0.6 em per character. */
const CHAR = FONT * 0.6;
const LINE = 16;
const PAD = 10;
const INITIAL = 12;
/** A parallel state's regions, side by side, per row. */
const REGION_COLUMNS = 3;

const textWidth = (text: string) => Math.ceil(text.length * CHAR);
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * How many paths take each transition, by transition key and target
 * (`${key}>${target}`); or, for one path, the steps that take it.
 */
export type EdgeCounts = Map<string, { vitest: number; browser: number; steps?: number[] }>;

/** The edge of a transition to one of its targets. */
export const edgeId = (t: ChartTransition, target: string) => `${t.key}>${target}`;

interface Line {
  text: string;
  /** A transition no model path takes (coverage rendering only). */
  untaken?: boolean;
}

/** The lines a state's box shows under its name. */
function detailLines(s: ChartState, counts?: EdgeCounts): Line[] {
  const lines: Line[] = [];
  for (const i of s.invokes) lines.push({ text: `invoke ${i}` });
  if (s.tags.length) lines.push({ text: `tags: ${s.tags.join(', ')}` });
  for (const t of s.transitions.filter((t) => !t.targets.length)) {
    const count = counts?.get(edgeId(t, ''));
    lines.push({ text: `on ${transitionText(t)}${countText(count, counts)}`, untaken: counts !== undefined && !count });
  }
  return lines;
}

/** A transition's count: the paths that take it, or for one path the steps that do (nothing when none does). */
function countText(c: { vitest: number; browser: number; steps?: number[] } | undefined, counts: EdgeCounts | undefined): string {
  if (!counts) return '';
  if (c?.steps) return `  (step ${c.steps.join(', ')})`;
  if (c) return `  (${c.vitest} vitest · ${c.browser} browser)`;
  return isPath(counts) ? '' : '  (no path)';
}
const isPath = (counts: EdgeCounts) => [...counts.values()].some((c) => c.steps);

/** The state's own box: its name and details (a compound state's children go below them). */
function headerSize(s: ChartState, counts?: EdgeCounts) {
  const lines = [s.key, ...detailLines(s, counts).map((l) => l.text)];
  return { width: Math.max(...lines.map(textWidth)) + 2 * PAD, height: lines.length * LINE + PAD + (s.children.length ? 4 : PAD) };
}

interface Built {
  graph: ElkNode;
  /** Where each edge was put (its coordinates are relative to that node). */
  containers: Map<string, string>;
}

function build(root: ChartState, counts?: EdgeCounts): Built {
  const parents = new Map<string, string | null>();
  const note = (s: ChartState, parent: string | null) => {
    parents.set(s.id, parent);
    s.children.forEach((c) => note(c, s.id));
  };
  note(root, null);
  const chain = (id: string) => {
    const out: string[] = [];
    for (let at: string | null = id; at !== null; at = parents.get(at) ?? null) out.unshift(at);
    return out;
  };
  /** The deepest state that holds both ends (neither of them): ELK routes the edge there. */
  const containerOf = (a: string, b: string) => {
    const ca = chain(a);
    const cb = chain(b);
    let container = 'graph';
    for (let i = 0; i < Math.min(ca.length, cb.length) && ca[i] === cb[i]; i++) if (ca[i] !== a && ca[i] !== b) container = ca[i]!;
    return container;
  };

  const nodes = new Map<string, ElkNode>();
  const toNode = (s: ChartState): ElkNode => {
    const header = headerSize(s, counts);
    const node: ElkNode = { id: s.id, labels: [], children: [], edges: [] };
    if (s.children.length) {
      node.layoutOptions = {
        'elk.padding': `[top=${header.height},left=${PAD + 2},bottom=${PAD + 2},right=${PAD + 2}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${header.width}, ${header.height + 20})`,
      };
      if (s.initial) node.children!.push({ id: `${s.id}#initial`, width: INITIAL, height: INITIAL, layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' } });
      node.children!.push(...s.children.map(toNode));
    } else {
      node.width = header.width;
      node.height = header.height;
    }
    nodes.set(s.id, node);
    return node;
  };
  const top = toNode(root);
  const graph: ElkNode = {
    id: 'graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '16',
      'elk.spacing.edgeEdge': '12',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      'elk.randomSeed': '1',
    },
    children: [top],
    edges: [],
  };
  nodes.set('graph', graph);
  const containers = new Map<string, string>();
  const add = (container: string, edge: ElkExtendedEdge) => {
    nodes.get(container)!.edges!.push(edge);
    containers.set(edge.id, container);
  };
  for (const s of statesOf(root)) {
    if (s.initial) add(s.id, { id: `${s.id}#initial>`, sources: [`${s.id}#initial`], targets: [s.initial] });
    // A parallel state's regions share no transitions, so ELK would put them all in one row: unseen edges
    // from each region to the one REGION_COLUMNS later make rows of at most REGION_COLUMNS.
    if (s.type === 'parallel') {
      s.children.forEach((region, i) => {
        const below = s.children[i + REGION_COLUMNS];
        if (below) add(s.id, { id: `${s.id}#order${i}`, sources: [region.id], targets: [below.id] });
      });
    }
    for (const t of s.transitions) {
      for (const target of t.targets) {
        const text = `${transitionText(t)}${countText(counts?.get(edgeId(t, target)), counts)}`;
        const label: ElkLabel = { text, width: textWidth(text), height: LINE };
        add(containerOf(s.id, target), { id: edgeId(t, target), sources: [s.id], targets: [target], labels: [label] });
      }
    }
  }
  return { graph, containers };
}

/** Absolute positions: ELK gives each node's position relative to its parent. */
function offsets(graph: ElkNode): Map<string, { x: number; y: number; node: ElkNode }> {
  const out = new Map<string, { x: number; y: number; node: ElkNode }>();
  const walk = (n: ElkNode, x: number, y: number) => {
    const at = { x: x + (n.x ?? 0), y: y + (n.y ?? 0) };
    out.set(n.id, { ...at, node: n });
    for (const c of n.children ?? []) walk(c, at.x, at.y);
  };
  walk(graph, 0, 0);
  return out;
}

const STYLE = `
  text { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: ${FONT}px; fill: #111827; }
  .name { font-weight: bold; }
  .detail { fill: #374151; }
  .state { fill: #ffffff; stroke: #1f2937; stroke-width: 1.5; }
  .compound { fill: #f3f4f6; }
  .region { fill: #f9fafb; stroke-dasharray: 6 4; }
  .edge { fill: none; stroke: #1d4ed8; stroke-width: 1.4; }
  .label { fill: #1e3a8a; }
  .label-bg { fill: #ffffff; opacity: 0.9; }
  .untaken .edge { stroke: #9ca3af; stroke-dasharray: 4 3; }
  .untaken .label, .untaken-text { fill: #6b7280; }
  .initial { fill: #111827; }
`;

/** The steps of one path that take each edge: drawn as that path on the diagram (the QA reports). */
export function pathCounts(steps: Map<string, number[]>): EdgeCounts {
  return new Map([...steps].map(([edge, at]) => [edge, { vitest: 0, browser: 0, steps: at }]));
}

/** The machine's diagram as an SVG document. */
export async function drawStatechart(root: ChartState, options: { title: string; counts?: EdgeCounts }): Promise<string> {
  const { graph, containers } = build(root, options.counts);
  const laid = await new ELK().layout(graph);
  const at = offsets(laid);
  const states = new Map(statesOf(root).map((s) => [s.id, s]));
  const parentOf = new Map<string, ChartState>();
  for (const s of states.values()) for (const c of s.children) parentOf.set(c.id, s);
  const out: string[] = [];
  const width = Math.ceil(laid.width ?? 0);
  const height = Math.ceil((laid.height ?? 0) + 28);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">`);
  out.push(`<title id="title">${escapeXml(options.title)}</title>`);
  out.push(`<style>${STYLE}</style>`);
  out.push(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1d4ed8"/></marker>`);
  out.push(`<marker id="arrow-untaken" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9ca3af"/></marker></defs>`);
  out.push(`<text x="12" y="20" class="name">${escapeXml(options.title)}</text>`);
  out.push(`<g transform="translate(0,28)">`);
  // States, outermost first (children are drawn over their parents).
  for (const s of statesOf(root)) {
    const p = at.get(s.id)!;
    const w = p.node.width ?? 0;
    const h = p.node.height ?? 0;
    const region = parentOf.get(s.id)?.type === 'parallel';
    const cls = ['state', s.children.length ? (region ? 'region' : 'compound') : ''].filter(Boolean).join(' ');
    out.push(`<g id="state-${escapeXml(s.id)}">`);
    out.push(`<rect class="${cls}" x="${round(p.x)}" y="${round(p.y)}" width="${round(w)}" height="${round(h)}" rx="8"/>`);
    if (s.type === 'final') out.push(`<rect class="state" x="${round(p.x + 3)}" y="${round(p.y + 3)}" width="${round(w - 6)}" height="${round(h - 6)}" rx="6"/>`);
    const lines: Line[] = [{ text: s.key }, ...detailLines(s, options.counts)];
    lines.forEach((line, i) => {
      const cls = i === 0 ? 'name' : line.untaken ? 'detail untaken-text' : 'detail';
      out.push(`<text x="${round(p.x + PAD)}" y="${round(p.y + PAD + (i + 1) * LINE - 4)}" class="${cls}">${escapeXml(line.text)}</text>`);
    });
    if (s.initial) {
      const dot = at.get(`${s.id}#initial`)!;
      out.push(`<circle class="initial" cx="${round(dot.x + INITIAL / 2)}" cy="${round(dot.y + INITIAL / 2)}" r="${INITIAL / 2}"/>`);
    }
    out.push(`</g>`);
  }
  // Transitions, with their labels on a light ground.
  const edges: ElkExtendedEdge[] = [];
  const gather = (n: ElkNode) => {
    edges.push(...(n.edges ?? []));
    (n.children ?? []).forEach(gather);
  };
  gather(laid);
  for (const e of edges.filter((e) => !e.id.includes('#order'))) {
    const container = at.get(containers.get(e.id)!)!;
    const untaken = options.counts && !e.id.endsWith('#initial>') && !options.counts.get(e.id);
    out.push(`<g class="${untaken ? 'untaken' : 'taken'}">`);
    for (const sec of e.sections ?? []) {
      const points = [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint].map((pt) => `${round(container.x + pt.x)},${round(container.y + pt.y)}`);
      out.push(`<path class="edge" d="M${points.join(' L')}" marker-end="url(#${untaken ? 'arrow-untaken' : 'arrow'})"/>`);
    }
    for (const l of e.labels ?? []) {
      const x = container.x + (l.x ?? 0);
      const y = container.y + (l.y ?? 0);
      out.push(`<rect class="label-bg" x="${round(x - 2)}" y="${round(y)}" width="${round((l.width ?? 0) + 4)}" height="${round(l.height ?? 0)}"/>`);
      out.push(`<text class="label" x="${round(x)}" y="${round(y + LINE - 4)}">${escapeXml(l.text ?? '')}</text>`);
    }
    out.push(`</g>`);
  }
  out.push(`</g></svg>`);
  return `${out.join('\n')}\n`;
}
