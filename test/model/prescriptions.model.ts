/**
 * Select Your Prescriptions' model: the list in gateway pages (11 shown, Show
 * More), select all and one card, the filters and the search over the whole
 * list, a prescription added through the modal and removed, the doctor, Next.
 * The moves are kept to those that tell screens apart: filters and search on
 * an untouched list; the modal opened once a doctor is chosen (it needs one,
 * and the person picks it on the page first).
 */
import { expect } from './check.ts';
import { allSelected, choiceOf, choosable, prescriptionsMachine, totalOf, visibleDrugs, type TransferPages } from '../../machines/member/prescriptionsMachine.ts';
import type { AddedPrescriptions, NewRxRecord, PhysicianInformation, TransferPrescription } from '../../machines/member/records.ts';
import { canShowMore, LIST_LIMITS } from '../../machines/member/rules/transferList.ts';
import type { TransferStatusCode } from '../../machines/contract.ts';
import { actorDone as done, actorError, type MachineModel } from './harness.ts';

const GENERAL = 'Unable to process the request at this time. Please try after some time.';

/** Maria Lopez's 14 prescriptions in display order (seeded in gateway/db/seed.ts): every code 0 to 11, two short fills. */
const MARIA: [string, string, TransferStatusCode, number, number, number | null][] = [
  ['ATORVASTATIN', '20 mg', 0, 90, 30, 10],
  ['LISINOPRIL', '10 mg', 0, 30, 12, 5],
  ['SERTRALINE', '50 mg', 2, 90, 24, 15],
  ['OMEPRAZOLE', '20 mg', 2, 30, 18, 9],
  ['ALPRAZOLAM', '0.5 mg', 4, 30, 10, 6],
  ['ZOLPIDEM', '10 mg', 5, 30, 14, 8],
  ['METFORMIN', '500 mg', 6, 90, 9, 0],
  ['LEVOTHYROXINE', '50 mcg', 7, 90, 11, 6],
  ['ADALIMUMAB', '40 mg/0.4 mL', 1, 28, 250, null],
  ['OXYCODONE', '5 mg', 3, 30, 15, null],
  ['AMLODIPINE', '5 mg', 8, 90, 8, 3],
  ['LOSARTAN', '50 mg', 9, 90, 20, 10],
  ['METOPROLOL', '25 mg', 10, 90, 13, 7],
  ['ROSUVASTATIN', '10 mg', 11, 90, 35, 15],
];

export const MARIA_DRUGS: TransferPrescription[] = MARIA.map(([name, strength, code, daysSupply, incumbent, mid], i) => ({
  ndc: String(10000000001 + i),
  gpi: '39400010100310',
  labelName: `${name} ${strength.toUpperCase()} TABLET`,
  brandName: null,
  genericName: name,
  strength,
  daysSupply,
  selected: false,
  copayInfo: { incumbentCopayAmount: incumbent, dailyIncumbentCopayAmount: null, midCopayAmount: mid, dailyMIDCopayAmount: null },
  transferRxStatusInfo: { code, description: 'status', requestedDate: [8, 9, 10].includes(code) ? '2026-11-15' : null },
}));

export const FIRST_PAGES: TransferPages = { items: MARIA_DRUGS.slice(0, 12), totalCount: 14 };
export const LAST_PAGE: TransferPages = { items: MARIA_DRUGS.slice(12), totalCount: 14 };
export const NO_DRUGS: TransferPages = { items: [], totalCount: 0 };

export const DOCTOR: PhysicianInformation = {
  npi: '1234567893',
  deaNo: null,
  ePostDoctoNum: null,
  firstName: 'JOHN',
  middleName: null,
  lastName: 'SMITH',
  addresses: [{ streetAddress1: '100 E University Dr', streetAddress2: null, city: 'Tempe', state: 'AZ', zipCode: '85281', phoneNumber: '4805550100', faxNumber: null }],
};

const ADDED_RECORD: NewRxRecord = {
  ndc: '00093505698',
  gpi: '39400010100310',
  labelName: 'PRAVASTATIN 40 MG TABLET',
  brandName: null,
  genericName: 'PRAVASTATIN',
  strength: '40 mg',
  daysSupply: 90,
  selected: true,
  controlledSubstance: 0,
  eligibility: { code: 12, message: 'OK to request new prescription.' },
  copayInfo: { incumbentCopayAmount: null, dailyIncumbentCopayAmount: null, midCopayAmount: null, dailyMIDCopayAmount: null },
  transferRxStatusInfo: { code: 12, description: 'NonMaintenanceDrug', requestedDate: null },
  prescriptionOption: true,
  manualRx: false,
  rxNumber: null,
  pharmacyInfo: null,
  physicianInfo: DOCTOR,
};
export const ADDED: AddedPrescriptions = { records: [ADDED_RECORD], pharmacy: null, physician: DOCTOR };

type Snapshot = Parameters<(typeof prescriptionsModel)['serialize']>[0];
const untouched = (s: Snapshot) => s.context.selected.length === 0 && s.context.added.length === 0 && s.context.physician === null;
/** The list as it first shows: no filter, no search typed or applied, no Show More yet. */
const plainList = (s: Snapshot) => s.context.filter === 'all' && s.context.searchTerm === null && s.context.searchText === '' && s.context.shown === LIST_LIMITS.initial;
/** Choosing happens on the list as it first arrived (12 of 14, or empty): looking around is a path of its own. */
const fresh = (s: Snapshot) => plainList(s) && (s.context.drugs.length === FIRST_PAGES.items.length || s.context.totalCount === 0) && s.context.loadError === null;
/** Looking around (filters, search, Show More) happens on an untouched list. */
const browsing = (s: Snapshot) => untouched(s) && onPage(s);
/** The page itself (not the modal) takes the person's moves, once the list has settled. */
const onPage = (s: Snapshot) => s.matches({ ready: { modal: 'closed', list: 'idle' } });
const ATORVASTATIN = MARIA_DRUGS[0]!.ndc;
const selection = (s: Snapshot) => (s.context.selected.length === 0 ? 'none' : allSelected(s.context) ? 'all' : 'some');

export const prescriptionsModel: MachineModel<typeof prescriptionsMachine> = {
  name: 'prescriptions',
  machine: prescriptionsMachine,
  input: { patientId: 1001 },
  events: [
    { label: 'the first two pages arrive (12 of 14)', event: done('loadTransfers', FIRST_PAGES) },
    { label: 'the list is empty (204)', event: done('loadTransfers', NO_DRUGS) },
    { label: 'the list fails', event: actorError('loadTransfers', { status: 500, displayText: GENERAL }) },
    { label: 'presses Try again', event: { type: 'retry.pressed' } },
    { label: 'presses Show More', event: { type: 'showMore.pressed' }, when: (s) => browsing(s) && plainList(s) },
    { label: 'the last page arrives', event: done('loadMore', LAST_PAGE) },
    { label: 'the last page fails', event: actorError('loadMore', { status: 500, displayText: GENERAL }) },
    { label: 'ticks atorvastatin', event: { type: 'drug.toggled', ndc: ATORVASTATIN }, when: (s) => onPage(s) && fresh(s) && s.context.added.length === 0 },
    { label: 'ticks Select All', event: { type: 'selectAll.toggled' }, when: (s) => onPage(s) && fresh(s) && s.context.physician === null },
    { label: 'chooses the filter Available for Transfer', event: { type: 'filter.changed', filter: 'available' }, when: (s) => browsing(s) && plainList(s) },
    { label: 'chooses the filter Not Available for Transfer', event: { type: 'filter.changed', filter: 'notAvailable' }, when: (s) => browsing(s) && s.context.filter === 'available' },
    { label: 'chooses the filter All', event: { type: 'filter.changed', filter: 'all' }, when: (s) => browsing(s) && s.context.filter === 'notAvailable' },
    { label: 'types the search "a"', event: { type: 'search.changed', text: 'a' }, when: (s) => browsing(s) && plainList(s) },
    { label: 'types the search "ator"', event: { type: 'search.changed', text: 'ator' }, when: (s) => browsing(s) && s.context.searchText === 'a' },
    { label: 'presses Search', event: { type: 'search.submitted' }, when: (s) => browsing(s) && s.context.searchTerm === null && s.context.filter === 'all' && s.context.shown === LIST_LIMITS.initial },
    { label: 'the rest of the list arrives', event: done('loadAll', LAST_PAGE) },
    { label: 'the rest of the list fails', event: actorError('loadAll', { status: 500, displayText: GENERAL }) },
    { label: 'clears the search', event: { type: 'search.cleared' }, when: (s) => s.context.searchTerm !== null },
    { label: 'opens Add Prescription', event: { type: 'addPrescription.opened' }, when: (s) => onPage(s) && fresh(s) && s.context.added.length === 0 && s.context.physician !== null },
    { label: 'adds pravastatin in the modal', event: done('addPrescription', ADDED) },
    { label: 'closes the modal', event: done('addPrescription', null) },
    { label: 'removes pravastatin', event: { type: 'drug.removed', ndc: ADDED_RECORD.ndc }, when: onPage },
    { label: 'chooses Dr. Smith', event: { type: 'doctor.changed', physician: DOCTOR }, when: (s) => s.context.physician === null && onPage(s) && fresh(s) },
    { label: 'clears the doctor', event: { type: 'doctor.changed', physician: null }, when: (s) => s.context.physician !== null && s.matches({ ready: { modal: 'closed' } }) },
    { label: 'presses Next', event: { type: 'next.pressed' }, when: (s) => onPage(s) && s.context.selected.length > 0 },
    { label: 'comes back from the next page', event: { type: 'back.pressed' } },
  ],
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.drugs.length,
      s.context.shown,
      selection(s),
      s.context.added.length,
      s.context.filter,
      s.context.searchText === '' ? 0 : s.context.searchText.length < 2 ? 1 : 2,
      s.context.searchError !== null,
      s.context.searchTerm !== null,
      s.context.physician !== null,
      s.context.doctorMissing,
      s.context.loadError !== null,
    ]),
  invariants: {
    'prescriptions.loading': (s) => expect(s.hasTag('pending')).toBe(true),
    'prescriptions.failed': (s) => expect(s.context.loadError).toBe(GENERAL),
    'prescriptions.ready': (s) => {
      // Never more cards than 11 + 6 per Show More (added ones apart); Show More only while more exist.
      const listed = visibleDrugs(s.context).filter((d) => !s.context.added.includes(d as NewRxRecord));
      expect(listed.length <= s.context.shown).toBe(true);
      if (s.context.filter === 'all' && s.context.searchTerm === null && s.context.totalCount > 0) {
        expect(listed.length).toBe(Math.min(s.context.shown, s.context.drugs.length));
      }
      expect(totalOf(s.context)).toBe(s.context.totalCount + s.context.added.length);
      // Only choosable prescriptions are ever chosen; Next needs one.
      for (const ndc of s.context.selected) expect(choosable(s.context).includes(ndc)).toBe(true);
      expect(s.can({ type: 'next.pressed' })).toBe(s.context.selected.length > 0);
      if (s.context.doctorMissing) expect(s.context.physician).toBeNull();
    },
    'prescriptions.ready.list.loadingMore': (s) => expect(canShowMore(s.context.shown, s.context.totalCount)).toBe(true),
    'prescriptions.chosen': (s) => {
      const choice = choiceOf(s.context);
      expect(choice.physician).toEqual(DOCTOR);
      expect(choice.drugs.length > 0).toBe(true);
    },
  },
};
