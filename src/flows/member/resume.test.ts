import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { clearFlow, loadFlow, RESUME_MAX_AGE_MS, saveFlow, withoutCardToken } from './resume.ts';

/** The tab's storage, as the browser gives it. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
  get dump() {
    return [...this.items.values()].join('');
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
});
afterEach(() => {
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

const flow = {
  status: 'active',
  value: { active: { page: { choosing: 'registration' } } },
  children: {
    registration: {
      snapshot: {
        context: {
          token: { pciToken: 'tok_secret_1', cardTypeNum: 1, lastDigits: '1111' },
          heldCard: { accessToken: 'session_secret_2', detected: 1 },
          values: { payment: { firstName: 'Linda' } },
        },
      },
    },
  },
};

describe('the resumable member flow', () => {
  test('the card token and the held card\'s tokenizer session are never stored, what was typed is', () => {
    saveFlow(flow, 'pt_1', 1_000);
    expect(storage.dump).not.toContain('tok_secret_1');
    expect(storage.dump).not.toContain('session_secret_2');
    expect(storage.dump).toContain('Linda');
    const back = loadFlow(2_000)!;
    expect(back.patientToken).toBe('pt_1');
    expect(back.flow).toEqual(withoutCardToken(flow));
    expect((withoutCardToken(flow) as typeof flow).children.registration.snapshot.context.token).toBeNull();
  });

  test('a snapshot older than the session timeout, from the future, of another version or unreadable is dropped', () => {
    saveFlow(flow, 'pt_1', 1_000);
    expect(loadFlow(1_000 + RESUME_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.dump).toBe('');
    saveFlow(flow, 'pt_1', 5_000);
    expect(loadFlow(4_000)).toBeNull();
    storage.setItem('mop.memberFlow', JSON.stringify({ version: 0, savedAt: 1_000, patientToken: 'pt', flow }));
    expect(loadFlow(1_000)).toBeNull();
    storage.setItem('mop.memberFlow', '{not json');
    expect(loadFlow(1_000)).toBeNull();
  });

  test('clearing forgets it; a flow without a registration page is kept as it is', () => {
    const early = { status: 'active', children: { prescriptions: { snapshot: {} } } };
    saveFlow(early, null, 1_000);
    expect(loadFlow(1_000)).toEqual({ patientToken: null, flow: early });
    clearFlow();
    expect(loadFlow(1_000)).toBeNull();
  });
});
