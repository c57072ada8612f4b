/**
 * Select Your Prescriptions (member-transfer-flow.md sections 2, 4, 8, 9): the
 * transfer status codes (group, selectability, display order, message), the
 * filters and the drug search, the copay line, paging (11 first, 6 more per
 * Show More, fetched in gateway pages of 6) and the selected count in words.
 * Pure functions: the machine and the views read the same rules.
 */
import type { TransferPrescription, TransferStatusCode } from '../../contract.ts';
import type { NewRxRecord } from '../records.ts';

export type DrugGroup = 'newRx' | 'pharmacy' | 'physician' | 'nonActionable';
export type TransferFilter = 'all' | 'available' | 'notAvailable';

export const LIST_LIMITS = { initial: 11, more: 6, pageSize: 6, searchMin: 2, searchMax: 100, longFill: 84, mailOrderDays: 90 } as const;

/**
 * The table of section 4: each code's name on the wire (the gateway's `description`), its group, whether it
 * can be chosen, and whether it says the drug is a controlled substance (3 C2, 4 C3 to C5, 5 an expired C3
 * to C5: auto refill is not for them, section 6). The gateway imports this table (gateway/store/transfers.ts);
 * the contract's description of TransferStatusCode is held to it by test/contract/transferCodes.test.ts.
 */
export const TRANSFER_CODES: Record<TransferStatusCode, { description: string; group: DrugGroup; selectable: boolean; controlled: boolean }> = {
  0: { description: 'OkToTransfer', group: 'pharmacy', selectable: true, controlled: false },
  1: { description: 'Specialty', group: 'nonActionable', selectable: false, controlled: false },
  2: { description: 'NonMaintenanceDrug', group: 'pharmacy', selectable: true, controlled: false },
  3: { description: 'ControlledSubstanceC2', group: 'nonActionable', selectable: false, controlled: true },
  4: { description: 'ControlledSubstanceC3toC5', group: 'physician', selectable: true, controlled: true },
  5: { description: 'ExpiredControlledSubstanceC3toC5', group: 'physician', selectable: true, controlled: true },
  6: { description: 'ExpiredPrescription', group: 'physician', selectable: true, controlled: false },
  7: { description: 'RestrictedPharmacyOrPrescriber', group: 'physician', selectable: true, controlled: false },
  8: { description: 'PharmacyRequested', group: 'nonActionable', selectable: false, controlled: false },
  9: { description: 'PhysicianRequested', group: 'nonActionable', selectable: false, controlled: false },
  10: { description: 'AlreadyRequested', group: 'nonActionable', selectable: false, controlled: false },
  11: { description: 'AlreadyHasPrescription', group: 'nonActionable', selectable: false, controlled: false },
  // The spec names the NEW_RX record's status 'NonMaintenanceDrug' (section 3).
  12: { description: 'NonMaintenanceDrug', group: 'newRx', selectable: true, controlled: false },
};

/**
 * Display order by code (section 4: 0, 2, 4, 5, 6, 7, 1, 3, 8, 9, 10; 11 follows the other non-actionable
 * codes, and 12, new prescriptions, comes last here: the page shows them first, in their own group).
 */
export const DISPLAY_ORDER: readonly TransferStatusCode[] = [0, 2, 4, 5, 6, 7, 1, 3, 8, 9, 10, 11, 12];

/** A code's rank in the display order (the gateway sorts its list by it, the page its filtered drugs). */
export const displayRank = (code: TransferStatusCode): number => DISPLAY_ORDER.indexOf(code);

/** The groups as the page shows them, with their headings and what they mean (the portal's wording). */
export const GROUPS: readonly { group: DrugGroup; heading: string; explanation: string }[] = [
  { group: 'newRx', heading: 'Prescriptions you added', explanation: 'We will transfer or request these as you told us when you added them.' },
  { group: 'pharmacy', heading: 'Transfer from your pharmacy', explanation: 'We will ask your current pharmacy to transfer these prescriptions to us.' },
  { group: 'physician', heading: 'Request from your doctor', explanation: 'These cannot be transferred as they are; we will ask your doctor for a new prescription.' },
  { group: 'nonActionable', heading: 'Not available for transfer', explanation: 'These cannot be transferred or requested online. Each one says why.' },
];

export const LIST_MESSAGES = {
  searchRequired: 'Enter Drug Name',
  searchTooShort: 'Drug Name must be at least 2 characters',
  noResults: 'No results found…',
  dontSee: "Don't See Your Prescription?",
  estimates: 'Copays are estimates only',
  selectDoctor: 'Please select your doctor',
  /** Ours: why Next cannot be pressed yet (section 3: 'enabled only when at least 1 prescription is selected'). */
  chooseOne: 'Select at least one prescription to continue.',
} as const;

const code = (drug: TransferPrescription) => drug.transferRxStatusInfo.code;
/** A prescription's name as shown and sent: its label, else its generic name, else its ndc. */
export const requestedName = (d: Pick<TransferPrescription, 'labelName' | 'genericName' | 'ndc'>): string => d.labelName ?? d.genericName ?? d.ndc;
export const groupOf = (drug: TransferPrescription): DrugGroup => TRANSFER_CODES[code(drug)].group;
export const isSelectable = (drug: TransferPrescription): boolean => TRANSFER_CODES[code(drug)].selectable;

/** Drugs in display order (a stable sort by code rank). */
export function inDisplayOrder<T extends TransferPrescription>(drugs: readonly T[]): T[] {
  const rank = (d: T) => displayRank(code(d));
  return drugs.map((d, i) => [d, i] as const).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([d]) => d);
}

/** 'YYYY-MM-DD' as MM/DD/YYYY (no time zone involved: the gateway's dates are calendar dates). */
export function shortDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/**
 * Code 0's two texts (section 8): 'OK to transfer prescription.' for what is sent as a transfer, 'OK to
 * request new prescription.' for what is asked of the doctor. A prescription entered in Add a Prescription
 * as active at another pharmacy (manualRx) goes in the transfers (section 3), so it reads as a transfer.
 */
export const OK_MESSAGES = { transfer: 'OK to transfer prescription.', request: 'OK to request new prescription.' } as const;
export const okMessage = (transfer: boolean): string => (transfer ? OK_MESSAGES.transfer : OK_MESSAGES.request);

const REQUESTED = 'There has been a request to transfer this prescription and it will be filled as soon as possible.';

/**
 * The message on a card (section 8). Codes 0, 1, 2, 3, 8, 9 and 12 follow the documents' words;
 * 10 and 11 their meaning in this portal's words, as are 4 to 7 and the 84-day conversion (docs/member-flow.md).
 */
export function statusMessage(drug: TransferPrescription & Partial<Pick<NewRxRecord, 'eligibility' | 'manualRx'>>, specialtyPhone: string): string[] {
  const shortFill = (drug.daysSupply ?? LIST_LIMITS.mailOrderDays) < LIST_LIMITS.longFill;
  const converted = shortFill ? [`Your ${drug.daysSupply}-day fill will be converted to a 90-day supply.`] : [];
  const requested = drug.transferRxStatusInfo.requestedDate ? [`Date requested: ${shortDate(drug.transferRxStatusInfo.requestedDate)}`] : [];
  switch (code(drug)) {
    case 0:
      return [OK_MESSAGES.transfer, ...converted];
    case 1:
      return [`This is a specialty medication. Please call the specialty service center at ${specialtyPhone}.`];
    case 2:
      return shortFill
        ? ['This drug is not a maintenance medication and may not be covered for mail order.', ...converted, 'You may continue; we will contact you if there is an issue.']
        : ['This drug is not a maintenance medication and may not be covered for mail order. You may continue; we will contact you if there is an issue.'];
    case 3:
      return ['This drug is a C2 controlled substance. Please ask your doctor to e-prescribe or fax a new prescription.'];
    case 4:
      return ['This is a controlled substance and may not be eligible for mail order. We will ask your doctor for a new prescription.'];
    case 5:
      return ['This controlled substance prescription has expired. We will ask your doctor for a new prescription.'];
    case 6:
      return ['This prescription has expired. We will ask your doctor for a new prescription.'];
    case 7:
      return ['This prescription cannot be transferred from your current pharmacy or prescriber. We will ask your doctor for a new prescription.'];
    case 8:
      return [REQUESTED, ...requested, 'Request sent to pharmacy and is waiting for a response.'];
    case 9:
      return [REQUESTED, ...requested];
    case 10:
      return ['A request for this prescription already exists and it will be filled as soon as possible.', ...requested];
    case 11:
      return ['You already have a prescription for this medication.'];
    case 12:
      return addedMessage(drug);
  }
}

/**
 * An added prescription's message: what its eligibility check said when that was more than 'OK' (a
 * controlled substance stays one, section 8), else code 0's words for an active prescription, which Finish
 * sends as a transfer, and 'OK to request new prescription.' for a new one.
 */
function addedMessage(drug: Partial<Pick<NewRxRecord, 'eligibility' | 'manualRx'>>): string[] {
  const said = drug.eligibility;
  if (said && said.code !== 12 && said.message) return [said.message];
  return [okMessage(drug.manualRx === true)];
}

const FILTERS: Record<TransferFilter, (d: TransferPrescription) => boolean> = {
  all: () => true,
  available: isSelectable,
  notAvailable: (d) => !isSelectable(d),
};

export const FILTER_LABELS: Record<TransferFilter, string> = { all: 'All', available: 'Available for Transfer', notAvailable: 'Not Available for Transfer' };

/** The drug search field's error (required, 2 to 100 characters), or null. */
export function searchError(text: string): string | null {
  const t = text.trim();
  if (!t) return LIST_MESSAGES.searchRequired;
  return t.length < LIST_LIMITS.searchMin ? LIST_MESSAGES.searchTooShort : null;
}

const matches = (drug: TransferPrescription, term: string) =>
  [drug.labelName, drug.brandName, drug.genericName].some((n) => n?.toLowerCase().includes(term.toLowerCase()));

/** The drugs the filter and the search let through, in display order. */
export function filteredDrugs<T extends TransferPrescription>(drugs: readonly T[], filter: TransferFilter, term: string | null): T[] {
  return inDisplayOrder(drugs.filter((d) => FILTERS[filter](d) && (!term || matches(d, term))));
}

/** Whether everything must be loaded before showing: a filter or a search looks at the whole list. */
export const needsWholeList = (filter: TransferFilter, term: string | null) => filter !== 'all' || term !== null;

/** The gateway pages (1-based, 6 each) still to load so that `wanted` drugs are there; [] when none. */
export function pagesToLoad(loaded: number, wanted: number, total: number): number[] {
  const want = Math.min(wanted, total);
  if (loaded >= want) return [];
  const first = Math.floor(loaded / LIST_LIMITS.pageSize) + 1;
  const last = Math.ceil(want / LIST_LIMITS.pageSize);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Show More: only when more than 11 exist and fewer are shown. */
export const canShowMore = (shown: number, total: number) => total > LIST_LIMITS.initial && shown < total;

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen',
  'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A count in words (0 to 999). */
export function inWords(n: number): string {
  if (n < 20) return WORDS[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${WORDS[n % 10]}` : '');
  return `${WORDS[Math.floor(n / 100)]} hundred${n % 100 ? ` ${inWords(n % 100)}` : ''}`;
}

/** The result count, announced politely as the list changes (ours: the specification shows no such line). */
export const resultCountText = (shown: number, total: number) => `Showing ${shown} of ${total} prescription${total === 1 ? '' : 's'}`;

/** The selected count in digits and words: '3 (three) prescriptions selected'. */
export const selectedCountText = (n: number) => `${n} (${inWords(n)}) prescription${n === 1 ? '' : 's'} selected`;

export interface CopaySide {
  amount: number | null;
  /** '/ 30 Day' under 84 days' supply on the current pharmacy's side; always '/ 90 Day' on the mail-order side. */
  per: string | null;
  lower: boolean;
}

/** The copay line (section 2): the current pharmacy's and the mail-order copay, the lower one (per day) highlighted. */
export function copayLine(drug: TransferPrescription): { current: CopaySide; mailOrder: CopaySide } {
  const c = drug.copayInfo ?? {};
  const days = drug.daysSupply ?? LIST_LIMITS.mailOrderDays;
  const perDay = (amount: number | null | undefined, daily: number | null | undefined, d: number) => daily ?? (amount == null ? null : amount / d);
  const a = perDay(c.incumbentCopayAmount, c.dailyIncumbentCopayAmount, days);
  const b = perDay(c.midCopayAmount, c.dailyMIDCopayAmount, LIST_LIMITS.mailOrderDays);
  const both = a !== null && b !== null;
  return {
    current: { amount: c.incumbentCopayAmount ?? null, per: days < LIST_LIMITS.longFill ? `/ ${days} Day` : null, lower: both && a < b },
    mailOrder: { amount: c.midCopayAmount ?? null, per: '/ 90 Day', lower: both && b < a },
  };
}
