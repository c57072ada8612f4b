/**
 * Health information (member-transfer-flow.md sections 2, 3, 4, 5 and 9): the
 * allergies and the health conditions, each as the common list (without its
 * none entry) with checkboxes, a None toggle ('No Known Allergies', 'No
 * Reported Health Conditions'), and rows added one at a time through a lookup
 * (3 letters or more, 30 suggestions). One set of rules serves both lists.
 */
import { titleCase } from '../../shared/rules/display.ts';
import { SEARCH_AGAIN } from '../../shared/rules/calls.ts';

export type HealthKind = 'allergies' | 'conditions';

export interface HealthItem {
  /** allergyRefNum (a string such as '00153') or diseaseRefNum (a number), as the gateway gives it. */
  ref: string | number;
  desc: string;
}

/** A row added through the lookup: what is typed, and the suggestion picked (null until one is). */
export interface HealthRow {
  id: number;
  text: string;
  picked: HealthItem | null;
}

export interface HealthList {
  /** The common entries ticked. */
  checked: HealthItem[];
  rows: HealthRow[];
  none: boolean;
}
/** The lookup's answer for the row being typed in. */
export interface HealthSuggestions {
  kind: HealthKind;
  rowId: number;
  text: string;
  items: HealthItem[];
  failure: string | null;
}

/** What the health fields send (the registration page and the review page's modals take the same events). */
export type HealthFieldEvent =
  | { type: 'health.noneToggled'; kind: HealthKind; none: boolean }
  | { type: 'health.commonToggled'; kind: HealthKind; item: HealthItem; on: boolean }
  | { type: 'health.rowAdded'; kind: HealthKind }
  | { type: 'health.rowTyped'; kind: HealthKind; id: number; text: string }
  | { type: 'health.rowPicked'; kind: HealthKind; id: number; item: HealthItem }
  | { type: 'health.rowRemoved'; kind: HealthKind; id: number }
  | { type: 'health.retried' }
  /** Search again: a row's failed lookup tried again with its text as typed. */
  | { type: 'health.lookupRetried'; kind: HealthKind; id: number };

/** The row's last lookup failed and its text is unchanged since: Search again looks the same text up. */
export const lookupRetryable = (s: HealthSuggestions | null, kind: HealthKind, id: number): boolean => s !== null && s.failure !== null && s.kind === kind && s.rowId === id;

export const EMPTY_HEALTH_LIST: HealthList = { checked: [], rows: [], none: false };

/** The lookup: from 3 letters, 30 suggestions (section 7); Search again beside a failed one (ours, as the drug lookup's). */
export const HEALTH_LOOKUP = { minLetters: 3, count: 30, searchAgain: SEARCH_AGAIN } as const;

/** Per list: the none entry (section 3, excluded from the common list, section 9), the toggle's label and the messages. */
export const HEALTH_KINDS = {
  allergies: {
    none: { ref: '00153', desc: 'NO KNOWN DRUG ALLERGY' },
    noneLabel: 'No Known Allergies',
    required: 'Please select at least one allergy or select None',
    pick: 'Choose an allergy from the list.',
    /** Why 'Add an allergy' cannot be pressed (ours): None is ticked, or the last row waits for its pick. */
    noneTicked: 'Untick No Known Allergies to add an allergy.',
    pickFirst: 'Choose the allergy above from the list to add another.',
    help: (phone: string) => `If you cannot find your allergy, call us toll-free at ${phone} (TTY dial 711).`,
    updated: 'Allergies updated',
    /** Ours: said before Update, where the none entry is on file (the gateway replaces it with what is added). */
    replacesNone: 'Your file says No Known Drug Allergy. An allergy you add replaces it.',
  },
  conditions: {
    none: { ref: 0, desc: 'NO REPORTED MEDICAL CONDITIONS' },
    noneLabel: 'No Reported Health Conditions',
    required: 'Please select at least one health condition or select None',
    pick: 'Choose a health condition from the list.',
    /** Why 'Add a health condition' cannot be pressed (ours): None is ticked, or the last row waits for its pick. */
    noneTicked: 'Untick No Reported Health Conditions to add a health condition.',
    pickFirst: 'Choose the health condition above from the list to add another.',
    help: (phone: string) => `If you cannot find your health condition, call us toll-free at ${phone} (TTY dial 711).`,
    updated: 'Health Conditions updated',
    replacesNone: 'Your file says No Reported Medical Conditions. A health condition you add replaces it.',
  },
} as const satisfies Record<HealthKind, unknown>;

const sameRef = (a: HealthItem, b: HealthItem) => String(a.ref) === String(b.ref);

/** The abbreviations of the reference lists, written as people write them. */
const ABBREVIATIONS: Record<string, string> = { Ace: 'ACE', Coa: 'CoA', Copd: 'COPD', Fd: 'FD', Gerd: 'GERD', Hiv: 'HIV', Hmg: 'HMG', Ii: 'II', Nsaids: 'NSAIDs', Ssris: 'SSRIs' };

/** An allergy or condition as the page shows it: 'CHRONIC OBSTRUCTIVE COPD' → 'Chronic Obstructive COPD', 'NSAIDS' → 'NSAIDs'. */
export function healthLabel(desc: string): string {
  return titleCase(desc).replace(/[A-Za-z]+/g, (word) => ABBREVIATIONS[word] ?? word);
}

/** The common list as offered: without the none entry (section 9). */
export function commonOffered(kind: HealthKind, common: readonly HealthItem[]): HealthItem[] {
  return common.filter((i) => !sameRef(i, HEALTH_KINDS[kind].none));
}

/**
 * The none entry is on file (its description among the entries on file): an entry added replaces it, as the
 * gateway records it (a file cannot say 'no known allergy' beside an allergy). The review's modal says so
 * before Update, though entries on file are otherwise never removed there.
 */
export const noneOnFile = (kind: HealthKind, onFile: readonly string[]) => onFile.some((d) => d.toUpperCase() === HEALTH_KINDS[kind].none.desc);

/** Ticking None clears everything else; ticking or picking anything else clears None (section 2). */
export function setNone(list: HealthList, none: boolean): HealthList {
  return none ? { checked: [], rows: [], none: true } : { ...list, none: false };
}

export function toggleCommon(list: HealthList, item: HealthItem, on: boolean): HealthList {
  const checked = list.checked.filter((i) => !sameRef(i, item));
  return { ...list, none: on ? false : list.none, checked: on ? [...checked, item] : checked };
}

/** Another row may be added only when every row has a picked suggestion (section 5). */
export const canAddRow = (list: HealthList) => list.rows.every((r) => r.picked !== null);

export function addRow(list: HealthList, id: number): HealthList {
  return canAddRow(list) ? { ...list, rows: [...list.rows, { id, text: '', picked: null }] } : list;
}

/** Typing drops the row's pick; the lookup runs from 3 letters. */
export function typeInRow(list: HealthList, id: number, text: string): HealthList {
  return { ...list, rows: list.rows.map((r) => (r.id === id ? { id, text, picked: null } : r)) };
}

export function pickInRow(list: HealthList, id: number, item: HealthItem): HealthList {
  return { ...list, none: false, rows: list.rows.map((r) => (r.id === id ? { id, text: item.desc, picked: item } : r)) };
}

export const removeRow = (list: HealthList, id: number): HealthList => ({ ...list, rows: list.rows.filter((r) => r.id !== id) });

export const lookupReady = (text: string) => text.trim().length >= HEALTH_LOOKUP.minLetters;

/** The lookup's answer when it is this row's (one lookup answers at a time, for one row of one list). */
export const rowSuggestions = (s: HealthSuggestions | null, kind: HealthKind, rowId: number): HealthSuggestions | null =>
  s?.kind === kind && s.rowId === rowId ? s : null;

/** The words of a row's hint (ours, as the drug rows' in medicationRows.ts). */
export const HEALTH_HINTS = {
  tooShort: `Type ${HEALTH_LOOKUP.minLetters} or more letters, then choose from the list.`,
  searching: 'Searching…',
  noMatches: 'No matches. Try other letters.',
  choose: 'Choose one from the list.',
} as const;

/**
 * The hint under an allergy or condition row, in order: nothing once a suggestion is picked; too few
 * letters; searching (no answer for this row yet); the lookup's failure; no matches; choose one.
 */
export function healthRowHint(row: HealthRow, kind: HealthKind, suggestions: HealthSuggestions | null, looking: boolean): string | undefined {
  if (row.picked) return undefined;
  if (!lookupReady(row.text)) return HEALTH_HINTS.tooShort;
  const mine = rowSuggestions(suggestions, kind, row.id);
  if (looking && !mine) return HEALTH_HINTS.searching;
  if (mine?.failure) return mine.failure;
  if (mine && mine.items.length === 0) return HEALTH_HINTS.noMatches;
  return HEALTH_HINTS.choose;
}

/** What the page already shows of a list: its common entries (checkboxes) and the entries on file (their descriptions). */
export interface HealthKnown {
  common: readonly HealthItem[];
  onFile: readonly string[];
}

/**
 * The lookup's items as offered (section 4: "lookup results exclude conditions already in the common,
 * patient or added lists"): not a common entry (it is a checkbox already), not one on file, not one
 * picked in a row or ticked, not the none entry (its own toggle). Allergies alike (ours: the same page,
 * the same duplicate offer).
 */
export function lookupOffered(kind: HealthKind, items: readonly HealthItem[], known: HealthKnown & { list: HealthList }): HealthItem[] {
  const shown = [HEALTH_KINDS[kind].none, ...known.common, ...known.list.checked, ...known.list.rows.flatMap((r) => (r.picked ? [r.picked] : []))];
  const onFile = new Set(known.onFile.map((d) => d.toUpperCase()));
  return items.filter((i) => !onFile.has(i.desc.toUpperCase()) && !shown.some((o) => sameRef(o, i) || o.desc.toUpperCase() === i.desc.toUpperCase()));
}

/**
 * A lookup's answer as the rows show it: for the first row of `lists` still being typed (a lookup's
 * letters, nothing picked), its items as offered (`lookupOffered`) or the call's failure. One rule for
 * the registration page (both lists) and the review page's health modal (its one list).
 */
export function suggestionsForRow(
  lists: readonly { kind: HealthKind; list: HealthList; known?: HealthKnown }[],
  items: HealthItem[],
  failure: string | null,
): HealthSuggestions | null {
  for (const { kind, list, known = { common: [], onFile: [] } } of lists) {
    const row = list.rows.find((r) => r.picked === null && lookupReady(r.text));
    if (row) return { kind, rowId: row.id, text: row.text.trim(), items: lookupOffered(kind, items, { ...known, list }), failure };
  }
  return null;
}

/** What the member has chosen, each entry once; the none entry alone when None is ticked. */
export function chosen(kind: HealthKind, list: HealthList): HealthItem[] {
  if (list.none) return [HEALTH_KINDS[kind].none];
  const all = [...list.checked, ...list.rows.flatMap((r) => (r.picked ? [r.picked] : []))];
  return all.filter((item, i) => all.findIndex((o) => sameRef(o, item)) === i);
}

/** The list's error: nothing chosen, or a row typed in but nothing picked from its suggestions. */
export function healthError(kind: HealthKind, list: HealthList): string | undefined {
  if (list.rows.some((r) => r.text.trim() && !r.picked)) return HEALTH_KINDS[kind].pick;
  return chosen(kind, list).length ? undefined : HEALTH_KINDS[kind].required;
}

/** AllergyInput[] of the register payload and POST /mmar/patient/allergies (new entries: seq -1, status 'A'). */
export const allergyInputs = (list: HealthList) => allergyEntries(chosen('allergies', list));
export const allergyEntries = (items: readonly HealthItem[]) =>
  items.map((i) => ({ allergyRefNum: String(i.ref), allergyDesc: i.desc, allergySeqNum: -1, statusCode: 'A' as const, selected: true }));

/** ConditionInput[] of the register payload and POST /mmar/patient/patientconditions. */
export const conditionInputs = (list: HealthList, patientId: number | null) => conditionEntries(chosen('conditions', list), patientId);
export const conditionEntries = (items: readonly HealthItem[], patientId: number | null) =>
  items.map((i) => ({ diseaseRefNum: Number(i.ref), diseaseDesc: i.desc, diseaseSeqNum: -1, statusCode: 'A' as const, patientId }));
