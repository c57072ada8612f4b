import { describe, expect, it } from 'vitest';
import { nextStage, ORDER_STAGES, orderStage, stageLabel } from './orderStages.ts';

describe('order stages', () => {
  it('a transfer request asks its pharmacy or doctor first; a refill order starts received', () => {
    expect(ORDER_STAGES.transfer.map((s) => stageLabel('transfer', s))).toEqual([
      'Requested',
      'Contacting your pharmacy or doctor',
      'Prescription received',
      'Being filled (pharmacist check)',
      'Shipped',
      'Delivered',
    ]);
    expect(ORDER_STAGES.refill.map((s) => stageLabel('refill', s))).toEqual(['Received', 'Being filled (pharmacist check)', 'Shipped', 'Delivered']);
  });

  it('moves one stage at a time and stops at delivered', () => {
    expect(nextStage('refill', 'received')).toBe('filling');
    expect(nextStage('transfer', 'requested')).toBe('contacting');
    expect(nextStage('transfer', 'delivered')).toBeNull();
    expect(() => nextStage('refill', 'contacting')).toThrow();
  });

  it("an order is where its least advanced prescription is", () => {
    expect(orderStage('transfer', ['shipped', 'contacting', 'shipped'])).toBe('contacting');
    expect(orderStage('refill', ['delivered', 'delivered'])).toBe('delivered');
    expect(orderStage('refill', [])).toBe('received');
  });
});
