import { expect, test, vi } from 'vitest';
import { onMemberReset, resetMemberData, takeStoredFlow } from './memberSession.ts';

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

test('a reset drops the tab\'s stored flow (a flow not on the page) and names its token once', () => {
  const storage = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  try {
    storage.set('mop.memberFlow', JSON.stringify({ version: 1, savedAt: 0, patientToken: 'patient-token', flow: {} }));
    expect(takeStoredFlow()).toBe('patient-token');
    expect(storage.has('mop.memberFlow')).toBe(false);
    expect(takeStoredFlow()).toBeUndefined();
    storage.set('mop.memberFlow', 'not json');
    expect(takeStoredFlow()).toBeNull();
    expect(storage.has('mop.memberFlow')).toBe(false);
  } finally {
    vi.unstubAllGlobals();
  }
});
