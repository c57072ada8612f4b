/**
 * An order's stages, one rule for the gateway (which moves orders along) and the status page (which draws
 * the timeline): the order of the stages of each kind of order, their names as a member reads them, and
 * an order's stage as the least advanced of its prescriptions (in a request of three, one may wait for
 * a doctor while two ship: the order has not shipped as a whole).
 */
import type { OrderKind, OrderStage } from '../../contract.ts';

export type { OrderKind, OrderStage };

/** The timeline of each kind: a transfer request starts by asking the pharmacy or doctor; a refill order is a prescription we hold. */
export const ORDER_STAGES: Readonly<Record<OrderKind, readonly OrderStage[]>> = {
  transfer: ['requested', 'contacting', 'received', 'filling', 'shipped', 'delivered'],
  refill: ['received', 'filling', 'shipped', 'delivered'],
};

/** Each stage as the timeline names it. */
export const STAGE_LABELS: Readonly<Record<OrderStage, string>> = {
  requested: 'Requested',
  contacting: 'Contacting your pharmacy or doctor',
  received: 'Prescription received',
  filling: 'Being filled (pharmacist check)',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** A refill order's first stage is the order received, not a prescription: the same stage, its own words. */
export function stageLabel(kind: OrderKind, stage: OrderStage): string {
  return kind === 'refill' && stage === 'received' ? 'Received' : STAGE_LABELS[stage];
}

/** Where `stage` is on its kind's timeline (0 first); -1 when the kind has no such stage. */
export const stageIndex = (kind: OrderKind, stage: OrderStage): number => ORDER_STAGES[kind].indexOf(stage);

/** The stage after `stage`, or null at the last (delivered). */
export function nextStage(kind: OrderKind, stage: OrderStage): OrderStage | null {
  const stages = ORDER_STAGES[kind];
  const i = stages.indexOf(stage);
  if (i < 0) throw new Error(`A ${kind} order has no stage '${stage}'.`);
  return stages[i + 1] ?? null;
}

/** The order's stage: the least advanced of its items' (the first stage when it has none). */
export function orderStage(kind: OrderKind, itemStages: readonly OrderStage[]): OrderStage {
  const stages = ORDER_STAGES[kind];
  if (itemStages.length === 0) return stages[0]!;
  return stages[Math.min(...itemStages.map((s) => stageIndex(kind, s)))]!;
}
