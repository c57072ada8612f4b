import { expect, test, vi } from 'vitest';
import { onMemberReset, resetMemberData } from './memberSession.ts';

test('a reset runs every registered flow reset until it unregisters', () => {
  const a = vi.fn();
  const b = vi.fn();
  const offA = onMemberReset(a);
  onMemberReset(b);
  resetMemberData();
  offA();
  resetMemberData();
  expect(a).toHaveBeenCalledTimes(1);
  expect(b).toHaveBeenCalledTimes(2);
});
