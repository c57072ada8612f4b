/**
 * The member flow survives a reload in the same tab (Member flow II,
 * "Reload"): the flow's persisted snapshot (its machines and their children)
 * and the patient token are kept in sessionStorage, which belongs to the tab
 * and is gone when the tab closes. Never localStorage or a cookie, and never
 * a card number (the hosted field holds it; the machines never see it) or a
 * card token (dropped here: a reloaded page tokenizes the card again).
 *
 * The trade-off: what the member typed (shipping, contact, health) and the
 * patient token sit in the tab's storage while the flow is open, readable by
 * a script running on the portal's origin (the strict Content-Security-Policy
 * is what keeps such scripts out). It is cleared on Cancel, Home, the
 * not-found page and session expiry (every member data reset), and a snapshot
 * older than the session's timeout (12 + 2 minutes) is dropped unread.
 */
import { SESSION_TIMING } from '../../../machines/member/sessionMachine.ts';

import { RESUMING_ATTRIBUTE, STORED_FLOW_KEY as KEY } from '../../prerender/resumeScript.ts';
/** Bumped when the machines' shapes change: an older snapshot is dropped. */
const VERSION = 1;
export const RESUME_MAX_AGE_MS = SESSION_TIMING.idleMs + SESSION_TIMING.warningMs;

interface Stored {
  version: number;
  savedAt: number;
  patientToken: string | null;
  flow: unknown;
}

export interface Resumable {
  patientToken: string | null;
  flow: unknown;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;

/** The persisted snapshot without the registration page's card token or held card (its tokenizer session): never stored. */
export function withoutCardToken(flow: unknown): unknown {
  if (!isObject(flow) || !isObject(flow.children)) return flow;
  const registration = flow.children.registration;
  if (!isObject(registration) || !isObject(registration.snapshot) || !isObject(registration.snapshot.context)) return flow;
  const context = { ...registration.snapshot.context, token: null, heldCard: null };
  return { ...flow, children: { ...flow.children, registration: { ...registration, snapshot: { ...registration.snapshot, context } } } };
}

export function saveFlow(flow: unknown, patientToken: string | null, now: number): void {
  const stored: Stored = { version: VERSION, savedAt: now, patientToken, flow: withoutCardToken(flow) };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused (private mode): the flow still works, a reload starts it again.
  }
}

/** The tab's snapshot when it is recent and of this version; anything else is dropped. */
export function loadFlow(now: number): Resumable | null {
  let stored: Partial<Stored> | null = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Stored> | null;
  } catch {
    stored = null;
  }
  if (!stored || stored.version !== VERSION || typeof stored.savedAt !== 'number' || now - stored.savedAt > RESUME_MAX_AGE_MS || now < stored.savedAt || !isObject(stored.flow)) {
    clearFlow();
    return null;
  }
  return { patientToken: typeof stored.patientToken === 'string' ? stored.patientToken : null, flow: stored.flow };
}

/** Whether the tab holds a flow (read before the first render decides what to show). */
export function hasStoredFlow(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** The resumed flow (or the empty form, when nothing could be resumed) is on the page: show it. */
export function endResuming(): void {
  document.documentElement.removeAttribute(RESUMING_ATTRIBUTE);
}

export function clearFlow(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
