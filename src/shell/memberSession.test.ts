import { expect, test, vi } from 'vitest';
import { onMemberReset, resetMemberData, storedFlowToken } from './memberSession.ts';

const { endSession } = vi.hoisted(() => ({ endSession: vi.fn(() => Promise.resolve()) }));
vi.mock('../api/instance.ts', () => ({ gateway: { endSession } }));

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

test("a reset ends the stored flow's session (a flow not on the page), then drops the flow; a flow that names no token is dropped at once", async () => {
  const storage = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  try {
    storage.set('mop.memberFlow', JSON.stringify({ version: 1, savedAt: 0, patientToken: 'patient-token', flow: {} }));
    expect(storedFlowToken()).toBe('patient-token');
    resetMemberData();
    // Until the session's end is asked for, the flow stays: a page left now leaves it to the next Home.
    expect(storage.has('mop.memberFlow')).toBe(true);
    await vi.waitFor(() => expect(endSession).toHaveBeenCalledWith('patient-token'));
    expect(storage.has('mop.memberFlow')).toBe(false);
    expect(storedFlowToken()).toBeUndefined();

    storage.set('mop.memberFlow', 'not json');
    expect(storedFlowToken()).toBeNull();
    resetMemberData();
    expect(storage.has('mop.memberFlow')).toBe(false);
    expect(endSession).toHaveBeenCalledTimes(1);
  } finally {
    vi.unstubAllGlobals();
  }
});
