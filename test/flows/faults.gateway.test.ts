/**
 * The fault sweep of the member flow: every
 * call the flow makes, failing as a 4xx (400 with a message), a 5xx (500 with
 * an internal exception's text) and unreachable (the request never
 * completes), must show the documents' text (member-transfer-flow.md
 * sections 8 and 9), keep what the person typed, and go on once the person
 * tries again.
 *
 * The list is generated from the contract: every operation tagged `member`
 * or `payment` in openapi/gateway.yaml needs at least one scenario below (a
 * place in the flow that calls it), unless it is in NOT_CALLED, which the
 * member flow's sources are checked against. A new operation without a
 * scenario fails this file.
 *
 * Each scenario runs the page's machine with its REAL actors
 * (src/flows/member/*Actors.ts) over the SPA's gateway client against the
 * in-process reference gateway, brings the machine up to the call, arms the
 * fault (test/flows/faultSweep.ts), makes the call, and checks what the
 * person then reads (the context the views render), what is kept, and the
 * retry. Nothing waits on time: every wait is on the machine's state.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createActor, SimulatedClock, waitFor, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { EligibilityResult, Physician, PhysicianInformation, TransferPrescription } from '../../machines/contract.ts';
import { MEMBER_INFO_MESSAGES } from '../../machines/member/memberInfoMachine.ts';
import type { PrescriptionChoice } from '../../machines/member/prescriptionsMachine.ts';
import { DOCTOR_MESSAGES, type AddField } from '../../machines/member/doctorsMachine.ts';
import { rowErrorsOf } from '../../machines/member/addPrescriptionContext.ts';
import { errorsOf, type RegistrationEvent } from '../../machines/member/registrationMachine.ts';
import { CONTACT_MESSAGES } from '../../machines/member/rules/contactInfo.ts';
import { physicianInformation } from '../../machines/member/rules/doctorForms.ts';
import { PART_CALL_NAMES, tokenizeFailure, type PartCall } from '../../machines/member/rules/registration.ts';
import { isSelectable } from '../../machines/member/rules/transferList.ts';
import { SESSION_TIMING } from '../../machines/member/sessionMachine.ts';
import { formInputOf, type addressChangeMachine } from '../../machines/member/addressChangeMachine.ts';
import { cardFormInputOf, type paymentChangeMachine } from '../../machines/member/paymentChangeMachine.ts';
import type { healthChangeMachine } from '../../machines/member/healthChangeMachine.ts';
import type { notificationChangeMachine } from '../../machines/member/notificationChangeMachine.ts';
import type { phoneChangeMachine } from '../../machines/member/phoneChangeMachine.ts';
import { UPDATED } from '../../machines/member/rules/profileChanges.ts';
import { cardFieldState } from '../../machines/shared/rules/cardField.ts';
import { CARD_MESSAGES } from '../../machines/shared/rules/cardForm.ts';
import { provideAddPrescription } from '../../src/flows/member/addPrescriptionActors.ts';
import { provideDoctors } from '../../src/flows/member/doctorsActors.ts';
import { provideMemberInfo } from '../../src/flows/member/memberActors.ts';
import { providePrescriptions } from '../../src/flows/member/laterStepsActors.ts';
import { provideRegistration } from '../../src/flows/member/registrationActors.ts';
import { provideMemberAddressForm, provideMemberCardForm, provideReview } from '../../src/flows/member/reviewActors.ts';
import { CardFieldChannel } from '../../src/flows/shared/cardFieldChannel.ts';
import { provideSession } from '../../src/flows/member/sessionActors.ts';
import { startGateway, type TestGateway } from '../contract/harness.ts';
import { ADDRESS_MESSAGES } from '../../machines/shared/rules/addressForm.ts';
import { CONTRACT_OPERATIONS, errorText, FAULTS, memberFlowCalls, sweepClient, type Fault, type MemberIdentity, type SweepClient } from './faultSweep.ts';

let server: TestGateway;
beforeAll(async () => {
  server = await startGateway();
});
afterAll(() => server.close());

// ------------------------------------------------------------------ what the sweep covers

/** The contract's tags whose operations the member flow may call: its own, and the card tokenizer's. */
const SWEPT_TAGS = ['member', 'payment'];

/**
 * Operations of those tags the member flow never calls from the browser.
 * Checked against the flow's sources (src/flows/member): once one is called
 * there, it needs a scenario and must leave this list.
 */
const NOT_CALLED: Record<string, string> = {};

// ------------------------------------------------------------------ the real actors, without a page

/**
 * The pages' machines with their real gateway actors. Only the focus actions
 * (a DOM element focused after the next frame) are left out: there is no
 * page here.
 */
const NO_FOCUS = () => {};
const memberInfoLogic = (c: SweepClient) => provideMemberInfo(c.gateway);
const prescriptionsLogic = (c: SweepClient) => providePrescriptions(c.gateway);
const doctorsLogic = (c: SweepClient) => provideDoctors(c.gateway).provide({ actions: { focusField: NO_FOCUS } });
const addPrescriptionLogic = (c: SweepClient) => provideAddPrescription(c.gateway).provide({ actions: { focusField: NO_FOCUS } });
/** The registration page for the member; its hosted field, once it has handed the number over, empties itself and tells the page. */
function registrationActor(c: SweepClient, member: EligibilityResult) {
  const emptied = () => actor.send({ type: 'cardNumber.changed', state: cardFieldState('') });
  const logic = provideRegistration(c.gateway, c.field(CARD, emptied)).provide({ actions: { focusBanner: NO_FOCUS } });
  const actor = createActor(logic, { input: { member, today: TODAY } });
  return actor;
}
const reviewLogic = (c: SweepClient) => provideReview(c.gateway).provide({ actions: { focusRequests: NO_FOCUS, focusFailure: NO_FOCUS, focusChanged: NO_FOCUS } });

// ------------------------------------------------------------------ personas

const TODAY = '2026-11-22';
const THIS_YEAR = 2026;
const MARIA: MemberIdentity = { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12' };
const JAMES: MemberIdentity = { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30' };
const CARD = '4111111111111111';

/** Seeded personas the sweep only reads: verified once, their patient token shared by the tests' clients. */
const verified = new Map<string, { token: string; member: EligibilityResult }>();
async function asPersona(c: SweepClient, who: MemberIdentity): Promise<EligibilityResult> {
  const known = verified.get(who.memberNumber);
  if (known) {
    c.gateway.setPatientToken(known.token);
    return known.member;
  }
  const member = await c.verify(who);
  verified.set(who.memberNumber, { token: c.gateway.patientToken()!, member });
  return member;
}

/** A copy of a seeded member (POST /__test/members) for a test that saves: what it saves stays its own. */
async function copyOf(c: SweepClient, who: MemberIdentity): Promise<{ identity: MemberIdentity; member: EligibilityResult }> {
  const r = await server.app.inject({ method: 'POST', url: '/__test/members', payload: { from: who.memberNumber } });
  const identity = { ...who, memberNumber: (r.json() as { memberNumber: string }).memberNumber };
  return { identity, member: await c.verify(identity) };
}

/**
 * A registered patient missing every part (a copy of Maria with her records
 * taken away), so the registration page saves each part with its own call.
 * `phones`: 'demoted' keeps her phones without a primary one (the phone is
 * then changed: PUT), 'deleted' leaves none (a phone is added: POST).
 */
async function missingEverything(c: SweepClient, phones: 'demoted' | 'deleted'): Promise<EligibilityResult> {
  const { identity, member } = await copyOf(c, MARIA);
  const patientId = member.patient.patientId!;
  const { db } = server;
  await db.deleteFrom('notificationSettings').where('patientId', '=', patientId).execute();
  await db.updateTable('addresses').set({ defaultShipping: false }).where('patientId', '=', patientId).execute();
  if (phones === 'demoted') await db.updateTable('phones').set({ isPrimary: false }).where('patientId', '=', patientId).execute();
  else await db.deleteFrom('phones').where('patientId', '=', patientId).execute();
  await db.deleteFrom('paymentCards').where('patientId', '=', patientId).execute();
  await db.deleteFrom('patientAllergies').where('patientId', '=', patientId).execute();
  await db.deleteFrom('patientConditions').where('patientId', '=', patientId).execute();
  const again = await c.gateway.client.POST('/gwapi/mmar/checkeligibility', { body: identity });
  expect(Object.values(again.data!.missingAlerts).every(Boolean)).toBe(true);
  return again.data!;
}

// ------------------------------------------------------------------ scenarios

/** One call of the flow, from where the person is until the flow goes on. */
interface Scenario {
  operationId: string;
  /** Where in the flow the call is made. */
  site: string;
  /** Everything before the call; the fault is armed after this. */
  reach(c: SweepClient): Promise<Run>;
}

interface Run {
  /** The page's machine (the flow goes on there). */
  actor: AnyActorRef;
  /** Where the failure shows, when not in `actor` (a modal's own machine, once the call has started it). */
  watch?: () => AnyActorRef;
  /** Makes the call (an event, or starting the machine for a call made on arrival). */
  act(): void;
  /** The failure has been handled. */
  failed(snapshot: unknown): boolean;
  /** What the person reads now (what the views render from the context and state). */
  shown(snapshot: unknown): (string | null | undefined)[];
  /** What the person must read for this fault. */
  expected(fault: Fault): string[];
  /** What was typed or chosen is still there. */
  kept(snapshot: unknown): void;
  /** What the person does to try again, and on until the flow has gone on; null where it went on without the call (a documented decision). */
  retry: (() => void | Promise<void>) | null;
  /** The call succeeded and the flow went on. */
  succeeded(snapshot: unknown): boolean;
  /** The operations the retry may call (app token aside): only what failed is sent again. */
  retryCalls?: string[];
}

/** Types a run with its machine's snapshot. */
function run<A extends AnyActorRef>(actor: A, r: Omit<Run, 'actor' | 'watch' | 'failed' | 'shown' | 'kept' | 'succeeded'> & {
  failed(s: SnapshotFrom<A>): boolean;
  shown(s: SnapshotFrom<A>): (string | null | undefined)[];
  kept(s: SnapshotFrom<A>): void;
  succeeded(s: SnapshotFrom<A>): boolean;
}): Run {
  return { actor, ...r } as Run;
}

const sameAs = (fault: Fault) => [errorText(fault)];

// --- step 1: Member Information

function memberInfoScenario(operationId: 'verifyMember' | 'checkEligibility', site: string): Scenario {
  return {
    operationId,
    site,
    async reach(c) {
      const actor = createActor(memberInfoLogic(c), { input: { today: `${THIS_YEAR}-11-27` } }).start();
      for (const [field, text] of [['memberNumber', 'MMA100001'], ['firstName', 'Maria'], ['lastName', 'Lopez'], ['month', 'apr'], ['day', '12'], ['year', '1958']] as const) {
        actor.send({ type: 'field.changed', field, text });
      }
      const form = actor.getSnapshot().context.form;
      return run(actor, {
        act: () => actor.send({ type: 'continue.pressed' }),
        failed: (s) => s.matches('editing') && s.context.failure !== null,
        // Section 8: 'Member not eligible. …' when member info or verify fails (423 and 429 have their own texts).
        shown: (s) => [s.context.failure?.kind === 'notEligible' ? MEMBER_INFO_MESSAGES.notEligible : s.context.failure?.kind],
        expected: () => [MEMBER_INFO_MESSAGES.notEligible],
        kept: (s) => expect(s.context.form).toEqual(form),
        retry: () => actor.send({ type: 'continue.pressed' }),
        succeeded: (s) => s.status === 'done' && s.output?.patient.patientId !== null && c.gateway.hasPatientToken(),
      });
    },
  };
}

/**
 * The missing-information flags (PUT /mmar/Patient/Alerts, section 7), asked once eligibility answers: a
 * failure says nothing and stops nothing, the eligibility answer's flags are the fallback (a documented
 * decision, docs/member-flow.md), so the flow goes on without the call.
 */
const alertsScenario: Scenario = {
  operationId: 'getPatientAlerts',
  site: 'Member Information, Continue (the missing-information flags)',
  async reach(c) {
    const actor = createActor(memberInfoLogic(c), { input: { today: `${THIS_YEAR}-11-27` } }).start();
    for (const [field, text] of [['memberNumber', 'MMA100003'], ['firstName', 'Linda'], ['lastName', 'Nguyen'], ['month', 'jan'], ['day', '5'], ['year', '1949']] as const) {
      actor.send({ type: 'field.changed', field, text });
    }
    return run(actor, {
      act: () => actor.send({ type: 'continue.pressed' }),
      failed: (s) => s.status === 'done',
      // Nothing: no failure on the page.
      shown: (s) => (s.context.failure ? [s.context.failure.kind] : []),
      expected: () => [],
      // Linda's flags as eligibility gave them: payment and notifications missing.
      kept: (s) => expect(s.output!.missingAlerts).toMatchObject({ missingPaymentInfo: true, missingNotificationPrefs: true, missingShippingAddress: false }),
      retry: null,
      succeeded: (s) => s.status === 'done' && s.output?.patient.patientId !== null,
    });
  },
};

// --- step 2: Select Your Prescriptions, the doctor chooser, Add a Prescription

const transfersScenarios: Scenario[] = [
  {
    operationId: 'getAutoTransferRx',
    site: 'the prescriptions list, on arrival',
    async reach(c) {
      const member = await asPersona(c, MARIA);
      const actor = createActor(prescriptionsLogic(c), { input: { patientId: member.patient.patientId } });
      return run(actor, {
        act: () => actor.start(),
        failed: (s) => s.matches('failed'),
        // Shown in the 'Please address the following errors:' banner with the help line (PrescriptionsStep).
        shown: (s) => [s.context.loadError],
        expected: sameAs,
        kept: () => {},
        retry: () => actor.send({ type: 'retry.pressed' }),
        succeeded: (s) => s.matches('ready') && s.context.drugs.length > 0 && s.context.loadError === null,
      });
    },
  },
  {
    operationId: 'getAutoTransferRx',
    site: 'Show More (the next page)',
    async reach(c) {
      const member = await asPersona(c, MARIA);
      const actor = createActor(prescriptionsLogic(c), { input: { patientId: member.patient.patientId } }).start();
      const ready = await waitFor(actor, (s) => s.matches('ready'));
      const ndc = ready.context.drugs.find(isSelectable)!.ndc;
      actor.send({ type: 'drug.toggled', ndc });
      const shownBefore = actor.getSnapshot().context.shown;
      return run(actor, {
        act: () => actor.send({ type: 'showMore.pressed' }),
        failed: (s) => s.matches({ ready: { list: 'idle' } }) && s.context.loadError !== null,
        shown: (s) => [s.context.loadError],
        expected: sameAs,
        kept: (s) => {
          expect(s.context.selected).toEqual([ndc]);
          expect(s.context.shown).toBe(shownBefore);
        },
        retry: () => actor.send({ type: 'showMore.pressed' }),
        succeeded: (s) => s.matches({ ready: { list: 'idle' } }) && s.context.shown > shownBefore && s.context.loadError === null,
        retryCalls: ['getAutoTransferRx'],
      });
    },
  },
  {
    operationId: 'getAutoTransferRx',
    site: 'a drug search (the whole list)',
    async reach(c) {
      const member = await asPersona(c, MARIA);
      const actor = createActor(prescriptionsLogic(c), { input: { patientId: member.patient.patientId } }).start();
      const ready = await waitFor(actor, (s) => s.matches('ready'));
      const ndc = ready.context.drugs.find(isSelectable)!.ndc;
      actor.send({ type: 'drug.toggled', ndc });
      actor.send({ type: 'search.changed', text: 'ator' });
      return run(actor, {
        act: () => actor.send({ type: 'search.submitted' }),
        failed: (s) => s.matches({ ready: { list: 'idle' } }) && s.context.loadError !== null,
        shown: (s) => [s.context.loadError],
        expected: sameAs,
        kept: (s) => {
          expect(s.context.searchText).toBe('ator');
          expect(s.context.selected).toEqual([ndc]);
        },
        retry: () => actor.send({ type: 'search.submitted' }),
        succeeded: (s) => s.matches({ ready: { list: 'idle' } }) && s.context.searchTerm === 'ator' && s.context.loadError === null,
        retryCalls: ['getAutoTransferRx'],
      });
    },
  },
];

const FIND = { firstName: 'Elena', lastName: 'Marsh', state: 'AZ' } as const;

const doctorScenarios: Scenario[] = [
  {
    operationId: 'getPatientPhysicians',
    site: "the profile's doctors, on arrival",
    async reach(c) {
      const member = await asPersona(c, MARIA);
      const actor = createActor(doctorsLogic(c), { input: { patientId: member.patient.patientId } });
      return run(actor, {
        act: () => actor.start(),
        failed: (s) => s.matches('ready'),
        // Section 8: 'No doctors found.' when the physician list is empty or fails.
        shown: (s) => [s.context.doctors.length === 0 ? DOCTOR_MESSAGES.noDoctors : null],
        expected: () => [DOCTOR_MESSAGES.noDoctors],
        kept: () => {},
        // The list itself has no Try again (see the fault sweep in docs/testing.md): the person finds the doctor instead.
        retry: async () => {
          actor.send({ type: 'find.opened' });
          for (const [field, text] of Object.entries(FIND)) actor.send({ type: 'find.changed', field: field as keyof typeof FIND, text });
          actor.send({ type: 'find.submitted' });
          const found = await waitFor(actor, (s) => s.matches({ ready: { finding: 'editing' } }) && (s.context.found?.length ?? 0) > 0);
          actor.send({ type: 'found.selected', addressId: found.context.found![0]!.addressId! });
        },
        succeeded: (s) => s.context.chosen !== null && s.matches({ ready: 'idle' }),
      });
    },
  },
  {
    operationId: 'searchPhysicians',
    site: 'Find Your Doctor, Search',
    async reach(c) {
      const member = await asPersona(c, MARIA);
      const actor = createActor(doctorsLogic(c), { input: { patientId: member.patient.patientId } }).start();
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'find.opened' });
      for (const [field, text] of Object.entries(FIND)) actor.send({ type: 'find.changed', field: field as keyof typeof FIND, text });
      return run(actor, {
        act: () => actor.send({ type: 'find.submitted' }),
        failed: (s) => s.matches({ ready: { finding: 'editing' } }) && s.context.found !== null,
        // Section 8: 'No doctors found.' when a search fails.
        shown: (s) => [s.context.found?.length === 0 ? DOCTOR_MESSAGES.noDoctors : null],
        expected: () => [DOCTOR_MESSAGES.noDoctors],
        kept: (s) => expect(s.context.find).toEqual(FIND),
        retry: async () => {
          actor.send({ type: 'find.submitted' });
          const found = await waitFor(actor, (s) => s.matches({ ready: { finding: 'editing' } }) && (s.context.found?.length ?? 0) > 0);
          actor.send({ type: 'found.selected', addressId: found.context.found![0]!.addressId! });
        },
        succeeded: (s) => s.context.chosen !== null && s.matches({ ready: 'idle' }),
        retryCalls: ['searchPhysicians'],
      });
    },
  },
  {
    operationId: 'searchPhysicians',
    site: "Add Your Doctor, Continue (the better-match search)",
    async reach(c) {
      const member = await asPersona(c, MARIA);
      const actor = createActor(doctorsLogic(c), { input: { patientId: member.patient.patientId } }).start();
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'add.opened' });
      const entered: Partial<Record<AddField, string>> = { firstName: 'Ann', lastName: 'Lee', street: '100 Mill Ave', city: 'Tempe', state: 'AZ', zip: '85281', phone: '(480) 555-0199' };
      for (const [field, text] of Object.entries(entered)) actor.send({ type: 'add.changed', field: field as AddField, text });
      return run(actor, {
        act: () => actor.send({ type: 'add.submitted' }),
        failed: (s) => s.matches({ ready: 'idle' }),
        // Our decision (doctorsMachine): a failed better-match search does not stop the member; the doctor
        // is added as entered, and the page says so. Nothing to try again.
        shown: (s) => [s.context.added ? DOCTOR_MESSAGES.added : null],
        expected: () => [DOCTOR_MESSAGES.added],
        kept: (s) => expect(s.context.doctors.find((d) => d.addressId === s.context.chosen)).toMatchObject({ firstName: 'Ann', lastName: 'Lee' }),
        retry: null,
        succeeded: (s) => s.context.chosen !== null,
      });
    },
  },
];

/** A doctor of the profile, as the prescriptions page hands it to the modal and the review. */
async function maríasDoctor(c: SweepClient, patientId: number): Promise<PhysicianInformation> {
  const r = await c.gateway.client.POST('/gwapi/mmar/getphysicians', { body: { patientId } });
  return physicianInformation(r.data!.items[0] as Physician);
}

async function addPrescriptionAt(c: SweepClient) {
  const member = await asPersona(c, MARIA);
  const physician = await maríasDoctor(c, member.patient.patientId!);
  const actor = createActor(addPrescriptionLogic(c), { input: { listedNdcs: [], physician, governmentFunded: false } }).start();
  actor.send({ type: 'kind.chosen', kind: 'new' });
  actor.send({ type: 'continue.pressed' });
  return actor;
}

type AddPrescriptionActor = Awaited<ReturnType<typeof addPrescriptionAt>>;

/** Once the drug is checked: Not Auto Refill, Submit. */
async function submitWhenChecked(actor: AddPrescriptionActor) {
  await waitFor(actor, (s) => s.context.rows[0]?.eligibility.status === 'checked');
  actor.send({ type: 'option.chosen', index: 0, option: 'notAutoRefill' });
  actor.send({ type: 'submit.pressed' });
}

/** The modal handed back the prescription. */
const added = (s: SnapshotFrom<AddPrescriptionActor>) => s.status === 'done' && s.output !== null && s.output!.records.length === 1;

const addPrescriptionScenarios: Scenario[] = [
  {
    operationId: 'lookupDrugs',
    site: 'Add a Prescription, the drug name typeahead',
    async reach(c) {
      const actor = await addPrescriptionAt(c);
      return run(actor, {
        act: () => actor.send({ type: 'drug.typed', index: 0, text: 'ator' }),
        failed: (s) => s.matches({ form: { lookup: 'idle' } }) && s.context.rows[0]!.lookupFailure !== null,
        shown: (s) => [rowErrorsOf(s.context, 0).drug],
        expected: sameAs,
        kept: (s) => expect(s.context.rows[0]!.drugName).toBe('ator'),
        // Typing on looks the name up again.
        retry: async () => {
          actor.send({ type: 'drug.typed', index: 0, text: 'atorv' });
          const offered = await waitFor(actor, (s) => s.matches({ form: { lookup: 'idle' } }) && (s.context.rows[0]!.suggestions?.length ?? 0) > 0);
          actor.send({ type: 'drug.picked', index: 0, drug: offered.context.rows[0]!.suggestions![0]! });
          await submitWhenChecked(actor);
        },
        succeeded: added,
      });
    },
  },
  {
    operationId: 'checkNewRxEligibility',
    site: 'Add a Prescription, the picked drug',
    async reach(c) {
      const actor = await addPrescriptionAt(c);
      actor.send({ type: 'drug.typed', index: 0, text: 'ator' });
      const offered = await waitFor(actor, (s) => (s.context.rows[0]!.suggestions?.length ?? 0) > 0);
      const drug = offered.context.rows[0]!.suggestions![0]!;
      return run(actor, {
        act: () => actor.send({ type: 'drug.picked', index: 0, drug }),
        failed: (s) => s.context.rows[0]!.eligibility.status === 'failed',
        shown: (s) => [rowErrorsOf(s.context, 0).drug],
        expected: sameAs,
        kept: (s) => expect(s.context.rows[0]!.drug?.ndc).toBe(drug.ndc),
        // 'Check again' on the row.
        retry: async () => {
          actor.send({ type: 'eligibility.retried', index: 0 });
          await submitWhenChecked(actor);
        },
        succeeded: added,
        retryCalls: ['checkNewRxEligibility'],
      });
    },
  },
];

// --- the registration / missing-information page

const AGREE: RegistrationEvent[] = [{ type: 'terms.opened' }, { type: 'terms.done' }, { type: 'privacy.changed', values: { privacy: true, acknowledge: true } }];

/** The page started for the member (field and common lists loaded), every part it asks for filled in. */
async function registrationFilled(c: SweepClient, member: EligibilityResult) {
  const actor = registrationActor(c, member).start();
  await waitFor(actor, (s) => s.matches({ filling: { field: 'ready', health: 'ready' } }));
  actor.send({ type: 'shipping.changed', values: { addressType: 1, line1: '2 N Central Ave', zip: '85004' } });
  await waitFor(actor, (s) => s.context.values.shipping.city !== '');
  const events: RegistrationEvent[] = [
    { type: 'contact.changed', values: { phone: '(602) 555-0123', phoneType: 8, email: 'fault.sweep@example.com' } },
    { type: 'cardNumber.changed', state: cardFieldState(CARD) },
    { type: 'payment.changed', values: { firstName: member.patient.firstName, lastName: member.patient.lastName, month: 8, year: 2030 } },
    { type: 'notification.changed', values: { choice: 'email' } },
    { type: 'health.noneToggled', kind: 'allergies', none: true },
    { type: 'health.noneToggled', kind: 'conditions', none: true },
    ...AGREE,
  ];
  for (const e of events) actor.send(e);
  return actor;
}

type RegistrationActor = Awaited<ReturnType<typeof registrationFilled>>;

/** Next pressed on a filled page: a failure lists its line in the banner, nothing typed is lost, Next again sends only what failed. */
function nextRun(actor: RegistrationActor, expected: (fault: Fault) => string[], retryCalls?: string[]): Run {
  const values = actor.getSnapshot().context.values;
  return run(actor, {
    act: () => actor.send({ type: 'next.pressed' }),
    failed: (s) => s.matches({ filling: { form: 'editing' } }) && s.context.failures.length > 0,
    shown: (s) => s.context.failures,
    expected,
    kept: (s) => expect(s.context.values).toEqual(values),
    retry: () => actor.send({ type: 'next.pressed' }),
    succeeded: (s) => s.status === 'done',
    ...(retryCalls ? { retryCalls } : {}),
  });
}

/** The card provider's text (section 8) in the banner, with the status the hosted field or the client reports. */
const providerText = (unreachableStatus: number) => (fault: Fault) => [tokenizeFailure(fault.name === 'unreachable' ? unreachableStatus : fault.status)];

/** A registered patient's part call failed: its line names the part. */
const partLine = (call: PartCall) => (fault: Fault) => [`${PART_CALL_NAMES[call]}: ${errorText(fault)}`];

function partScenario(operationId: string, call: PartCall, phones: 'demoted' | 'deleted', retryCalls: string[], site = `Next, the ${PART_CALL_NAMES[call].toLowerCase()} call`): Scenario {
  return {
    operationId,
    site: `${site} (registered, parts missing)`,
    async reach(c) {
      return nextRun(await registrationFilled(c, await missingEverything(c, phones)), partLine(call), retryCalls);
    },
  };
}

const registrationScenarios: Scenario[] = [
  {
    operationId: 'getTokenizerCredentials',
    site: 'the card number field, on arrival',
    async reach(c) {
      const member = await asPersona(c, JAMES);
      const actor = registrationActor(c, member);
      return run(actor, {
        act: () => actor.start(),
        failed: (s) => s.matches({ filling: { field: 'unavailable' } }),
        // Our text (the documents have none), with Try again (RegistrationPayment).
        shown: (s) => [s.matches({ filling: { field: 'unavailable' } }) ? CARD_MESSAGES.fieldUnavailable : null],
        expected: () => [CARD_MESSAGES.fieldUnavailable],
        kept: () => {},
        retry: () => actor.send({ type: 'field.retried' }),
        succeeded: (s) => s.matches({ filling: { field: 'ready' } }) && s.context.serviceUrl !== null,
        retryCalls: ['getTokenizerCredentials'],
      });
    },
  },
  {
    operationId: 'getTokenizerCredentials',
    site: 'Next, the card tokenization (not registered)',
    async reach(c) {
      return nextRun(await registrationFilled(c, (await copyOf(c, JAMES)).member), providerText(400));
    },
  },
  {
    operationId: 'tokenizeCard',
    site: 'Next, the hosted field posting the number (not registered)',
    async reach(c) {
      // No answer from the tokenizer reads as 503 (src/flows/shared/cardFieldChannel.ts).
      return nextRun(await registrationFilled(c, (await copyOf(c, JAMES)).member), providerText(503));
    },
  },
  {
    operationId: 'getTokenizedCardNumber',
    site: 'Next, fetching the card token (not registered)',
    async reach(c) {
      // The tokenizer took the number and the field has emptied itself: the card stays held (no error asks for
      // the number again), and Next fetches its token without the field.
      const r = nextRun(await registrationFilled(c, (await copyOf(c, JAMES)).member), providerText(400), ['getTokenizedCardNumber', 'validateAddress', 'registerMailOrder']);
      return {
        ...r,
        kept: (s) => {
          r.kept(s);
          const context = (s as SnapshotFrom<RegistrationActor>).context;
          expect(context.cardField.empty).toBe(true);
          expect(errorsOf(context).payment.cardNumber).toBeUndefined();
        },
      };
    },
  },
  {
    operationId: 'validateAddress',
    site: 'Next, the address validation (not registered)',
    async reach(c) {
      return nextRun(await registrationFilled(c, (await copyOf(c, JAMES)).member), sameAs, ['validateAddress', 'registerMailOrder']);
    },
  },
  {
    operationId: 'registerMailOrder',
    site: 'Next, the one registration call (not registered)',
    async reach(c) {
      return nextRun(await registrationFilled(c, (await copyOf(c, JAMES)).member), sameAs, ['registerMailOrder']);
    },
  },
  partScenario('addAddress', 'address', 'demoted', ['addAddress']),
  partScenario('listPhones', 'phone', 'demoted', ['listPhones', 'updatePhone'], 'Next, the phone call reading the phones on file'),
  partScenario('updatePhone', 'phone', 'demoted', ['listPhones', 'updatePhone'], 'Next, the phone call changing the phone on file'),
  partScenario('addPhone', 'phone', 'deleted', ['listPhones', 'addPhone'], 'Next, the phone call adding a phone'),
  partScenario('updateEmail', 'email', 'demoted', ['updateEmail']),
  partScenario('addPatientAllergies', 'allergies', 'demoted', ['addPatientAllergies']),
  partScenario('addPatientConditions', 'conditions', 'demoted', ['addPatientConditions']),
  partScenario('addPaymentMethod', 'payment', 'demoted', ['addPaymentMethod']),
  partScenario('createNotificationSettings', 'notification', 'demoted', ['listPhones', 'createNotificationSettings']),
  {
    operationId: 'lookupZipCode',
    site: 'the zip code (city and state from it)',
    async reach(c) {
      const member = await asPersona(c, JAMES);
      const actor = registrationActor(c, member).start();
      await waitFor(actor, (s) => s.matches({ filling: { field: 'ready', health: 'ready' } }));
      actor.send({ type: 'shipping.changed', values: { addressType: 1, line1: '2 N Central Ave' } });
      return run(actor, {
        act: () => actor.send({ type: 'shipping.changed', values: { zip: '85004' } }),
        failed: (s) => s.matches({ filling: { zip: 'idle' } }),
        // What the zip field says once left (shippingErrors): the documents' text asking for the city and
        // state. The failed lookup has no words of its own on this page (see the fault sweep in docs/testing.md).
        shown: (s) => [errorsOf(s.context).shipping.zip],
        expected: () => [CONTACT_MESSAGES.cityStateZip],
        kept: (s) => expect(s.context.values.shipping).toMatchObject({ addressType: 1, line1: '2 N Central Ave', zip: '85004' }),
        // Typing the zip again looks it up again.
        retry: () => {
          actor.send({ type: 'shipping.changed', values: { zip: '8500' } });
          actor.send({ type: 'shipping.changed', values: { zip: '85004' } });
        },
        succeeded: (s) => s.matches({ filling: { zip: 'idle' } }) && s.context.values.shipping.city !== '' && errorsOf(s.context).shipping.zip === undefined,
        retryCalls: ['lookupZipCode'],
      });
    },
  },
  ...(['allergies', 'conditions'] as const).flatMap((kind): Scenario[] => {
    const operationId = kind === 'allergies' ? 'lookupAllergies' : 'lookupConditions';
    const word = kind === 'allergies' ? 'allergies' : 'health conditions';
    // Entries not on the common lists: the lookup leaves out what is already a checkbox (section 4).
    const typed = kind === 'allergies' ? ['pea', 'pean'] : ['glau', 'glauc'];
    return [
      {
        operationId,
        site: `the common ${word}, on arrival`,
        async reach(c) {
          const member = await asPersona(c, JAMES);
          const actor = registrationActor(c, member);
          return run(actor, {
            act: () => actor.start(),
            failed: (s) => s.matches({ filling: { health: 'unavailable' } }),
            // Our text, with Try again (HealthInfoFields); None and the lookup still work meanwhile.
            shown: (s) => [s.matches({ filling: { health: 'unavailable' } }) ? `The list of common ${word} could not be loaded.` : null],
            expected: () => [`The list of common ${word} could not be loaded.`],
            kept: () => {},
            retry: () => actor.send({ type: 'health.retried' }),
            succeeded: (s) => s.matches({ filling: { health: 'ready' } }) && s.context.common[kind].length > 0,
          });
        },
      },
      {
        operationId,
        site: `an added ${kind === 'allergies' ? 'allergy' : 'health condition'} (the lookup)`,
        async reach(c) {
          const member = await asPersona(c, JAMES);
          const actor = registrationActor(c, member).start();
          await waitFor(actor, (s) => s.matches({ filling: { health: 'ready' } }));
          actor.send({ type: 'health.rowAdded', kind });
          const rowId = actor.getSnapshot().context.rowSeq;
          return run(actor, {
            act: () => actor.send({ type: 'health.rowTyped', kind, id: rowId, text: typed[0]! }),
            failed: (s) => s.matches({ filling: { lookup: 'idle' } }) && s.context.suggestions !== null,
            shown: (s) => [s.context.suggestions?.failure],
            expected: sameAs,
            kept: (s) => expect(s.context.values[kind].rows.find((r) => r.id === rowId)).toMatchObject({ text: typed[0] }),
            retry: async () => {
              actor.send({ type: 'health.rowTyped', kind, id: rowId, text: typed[1]! });
              const offered = await waitFor(actor, (s) => s.matches({ filling: { lookup: 'idle' } }) && (s.context.suggestions?.items.length ?? 0) > 0);
              actor.send({ type: 'health.rowPicked', kind, id: rowId, item: offered.context.suggestions!.items[0]! });
            },
            succeeded: (s) => s.context.values[kind].rows.some((r) => r.id === rowId && r.picked !== null),
            retryCalls: [operationId],
          });
        },
      },
    ];
  }),
];

// --- the review page

/** Two prescriptions Maria can transfer and her first doctor: what Select Your Prescriptions hands the review. */
async function choiceFor(c: SweepClient, patientId: number): Promise<PrescriptionChoice> {
  const list = await c.gateway.client.POST('/gwapi/mmar/getautotransferrx', { body: { patientId, page: 1, limit: 6 } });
  const drugs = (list.data!.data.allDrugs as TransferPrescription[]).filter(isSelectable).slice(0, 2);
  return { drugs, physician: await maríasDoctor(c, patientId), pharmacy: null };
}

const SUMMARY_CALLS = ['listAddresses', 'listPhones', 'listPaymentMethods', 'getNotificationSettings', 'getEmail', 'listPatientAllergies', 'listPatientConditions'];

const reviewScenarios: Scenario[] = [
  ...SUMMARY_CALLS.map(
    (operationId): Scenario => ({
      operationId,
      site: 'the review page, the profile summary',
      async reach(c) {
        const member = await asPersona(c, MARIA);
        const patientId = member.patient.patientId!;
        const choice = await choiceFor(c, patientId);
        // Maria is not a Part D member (a variable, not a literal: the review's input grows while its change modals are built).
        const input = { choice, patientId, isPartD: false, today: TODAY };
        const actor = createActor(reviewLogic(c), { input });
        return run(actor, {
          act: () => actor.start(),
          failed: (s) => s.matches({ reviewing: { summary: 'failed' } }),
          shown: (s) => [s.context.summaryError],
          expected: sameAs,
          kept: (s) => expect(s.context.drugs).toEqual(choice.drugs),
          retry: () => actor.send({ type: 'summary.retried' }),
          succeeded: (s) => s.matches({ reviewing: { summary: 'shown', request: 'idle' } }) && s.context.summary !== null,
        });
      },
    }),
  ),
  {
    operationId: 'submitTransferRequest',
    site: 'the review page, Finish',
    async reach(c) {
      const { member } = await copyOf(c, MARIA);
      const patientId = member.patient.patientId!;
      const choice = await choiceFor(c, patientId);
      const input = { choice, patientId, isPartD: false, today: TODAY };
      const actor = createActor(reviewLogic(c), { input }).start();
      await waitFor(actor, (s) => s.matches({ reviewing: { summary: 'shown' } }));
      actor.send({ type: 'remove.pressed', ndc: choice.drugs[1]!.ndc });
      actor.send({ type: 'remove.confirmed' });
      return run(actor, {
        act: () => actor.send({ type: 'finish.pressed' }),
        failed: (s) => s.matches({ reviewing: { request: 'idle' } }) && s.context.failure !== null,
        // In the 'Please address the following errors:' banner with the help line (section 8).
        shown: (s) => [s.context.failure],
        expected: sameAs,
        kept: (s) => expect(s.context.drugs).toEqual([choice.drugs[0]]),
        retry: () => actor.send({ type: 'finish.pressed' }),
        succeeded: (s) => s.status === 'done' && s.output.result !== null && s.output.drugs.length === 1,
        retryCalls: ['submitTransferRequest'],
      });
    },
  },
];

// --- the review page's change modals (each its own machine, the review's child `change`)

type ReviewActor = ReturnType<typeof reviewActor>;
function reviewActor(c: SweepClient, choice: PrescriptionChoice, patientId: number) {
  const input = { choice, patientId, isPartD: false, today: TODAY };
  return createActor(reviewLogic(c), { input });
}

/** The review page with its summary shown (for a change that saves, on a copy of Maria). */
async function reviewShown(c: SweepClient, copy: boolean) {
  const member = copy ? (await copyOf(c, MARIA)).member : await asPersona(c, MARIA);
  const patientId = member.patient.patientId!;
  const actor = reviewActor(c, await choiceFor(c, patientId), patientId).start();
  await waitFor(actor, (s) => s.matches({ reviewing: { summary: 'shown' } }));
  return actor;
}

/** The open modal's machine (typed by the modal the test opened). */
const changeOf = <T extends AnyActorRef>(review: ReviewActor) => review.getSnapshot().children.change as unknown as T;
type NotificationChange = ActorRefFrom<typeof notificationChangeMachine>;
type AddressChange = ActorRefFrom<typeof addressChangeMachine>;
type PaymentChange = ActorRefFrom<typeof paymentChangeMachine>;
type PhoneChange = ActorRefFrom<typeof phoneChangeMachine>;
type HealthChange = ActorRefFrom<typeof healthChangeMachine>;

/** The modal saved: the review records the change ('Phone Number Updated', …) and loads the profile again. */
const recordedAs = (text: string) => (s: SnapshotFrom<ReviewActor>) => s.context.updated === text && s.matches({ reviewing: { change: 'closed', summary: 'shown' } });

type ChangePart = Extract<Parameters<ReviewActor['send']>[0], { type: 'change.opened' }>['part'];

/**
 * A change modal whose list loads as it opens: the failure shows in the modal (its own state and text),
 * and its Try again loads the list there.
 */
function openingScenario<M extends AnyActorRef>(o: {
  operationId: string;
  site: string;
  part: ChangePart;
  /** The modal's Try again. */
  retried: Parameters<M['send']>[0];
  unavailable(s: SnapshotFrom<M>): boolean;
  shown(s: SnapshotFrom<M>): string | null;
  /** The list has loaded again. */
  ready(s: SnapshotFrom<M>): boolean;
  expected?: (fault: Fault) => string[];
}): Scenario {
  return {
    operationId: o.operationId,
    site: o.site,
    async reach(c) {
      const review = await reviewShown(c, false);
      const modal = () => changeOf<M>(review);
      return {
        ...run(review, {
          act: () => review.send({ type: 'change.opened', part: o.part }),
          failed: () => false,
          shown: () => [],
          expected: o.expected ?? sameAs,
          kept: () => {},
          retry: async () => {
            modal().send(o.retried);
            await waitFor(modal(), o.ready);
          },
          succeeded: (s) => s.matches({ reviewing: { change: { open: o.part } } }),
          retryCalls: [o.operationId],
        }),
        watch: modal,
        failed: (s) => o.unavailable(s as SnapshotFrom<M>),
        shown: (s) => [o.shown(s as SnapshotFrom<M>)],
      };
    },
  };
}

/**
 * A change modal's save (on a copy of Maria): `open` opens the modal and chooses; the failure shows in the
 * modal and keeps the choice; the retry saves, and the review records the change and loads the summary again.
 */
function savingScenario<M extends AnyActorRef>(o: {
  operationId: string;
  site: string;
  recorded: string;
  open(review: ReviewActor): Promise<{
    modal: M;
    act(): void;
    failed(s: SnapshotFrom<M>): boolean;
    shown(s: SnapshotFrom<M>): string | null | undefined;
    kept(s: SnapshotFrom<M>): void;
    retry(): void;
  }>;
}): Scenario {
  return {
    operationId: o.operationId,
    site: o.site,
    async reach(c) {
      const review = await reviewShown(c, true);
      const { modal, act, failed, shown, kept, retry } = await o.open(review);
      return {
        ...run(modal, {
          act,
          failed,
          shown: (s) => [shown(s)],
          expected: sameAs,
          kept,
          retry,
          succeeded: () => false,
          retryCalls: [o.operationId, ...SUMMARY_CALLS],
        }),
        actor: review,
        watch: () => modal,
        succeeded: recordedAs(o.recorded) as (s: unknown) => boolean,
      };
    },
  };
}

const changeScenarios: Scenario[] = [
  savingScenario<NotificationChange>({
    operationId: 'updateNotificationSettings',
    site: "the review page's notification modal, 'Yes, Update'",
    recorded: UPDATED.notifications,
    async open(review) {
      review.send({ type: 'change.opened', part: 'notifications' });
      const modal = changeOf<NotificationChange>(review);
      expect((await waitFor(modal, (m) => m.matches('editing'))).context.setting).not.toBeNull();
      modal.send({ type: 'notification.changed', values: { choice: 'none' } });
      modal.send({ type: 'update.pressed' });
      return {
        modal,
        act: () => modal.send({ type: 'update.confirmed' }),
        failed: (s) => s.matches('editing') && s.context.failure !== null,
        shown: (s) => s.context.failure,
        kept: (s) => expect(s.context.values.choice).toBe('none'),
        retry: () => {
          modal.send({ type: 'update.pressed' });
          modal.send({ type: 'update.confirmed' });
        },
      };
    },
  }),
  openingScenario<PhoneChange>({
    operationId: 'listPhones',
    site: "the review page's phone modal, on opening",
    part: 'phone',
    retried: { type: 'phones.retried' },
    unavailable: (m) => m.matches('unavailable'),
    shown: (m) => m.context.loadError,
    ready: (m) => m.matches('listing') && m.context.phones.length > 0,
  }),
  savingScenario<PhoneChange>({
    operationId: 'addPhone',
    site: "the review page's phone modal, adding a phone",
    recorded: UPDATED.phone,
    async open(review) {
      review.send({ type: 'change.opened', part: 'phone' });
      const modal = changeOf<PhoneChange>(review);
      await waitFor(modal, (s) => s.matches('listing'));
      modal.send({ type: 'phone.addPressed' });
      const typed = { phone: '(602) 555-0188', phoneType: 8 as const };
      modal.send({ type: 'form.changed', values: typed });
      return {
        modal,
        act: () => modal.send({ type: 'update.pressed' }),
        failed: (s) => s.matches('form') && s.context.failure !== null,
        // The message by type (section 8): the add's.
        shown: (s) => (s.context.failure?.action === 'add' ? s.context.failure.text : null),
        kept: (s) => expect(s.context.values).toMatchObject(typed),
        retry: () => modal.send({ type: 'update.pressed' }),
      };
    },
  }),
  openingScenario<HealthChange>({
    operationId: 'lookupAllergies',
    site: "the review page's allergies modal, the common allergies on opening",
    part: 'allergies',
    retried: { type: 'health.retried' },
    unavailable: (m) => m.matches({ open: { common: 'unavailable' } }),
    // Our text, with Try again (HealthInfoFields), as on the registration page.
    shown: (m) => (m.matches({ open: { common: 'unavailable' } }) ? 'The list of common allergies could not be loaded.' : null),
    expected: () => ['The list of common allergies could not be loaded.'],
    ready: (m) => m.matches({ open: { common: 'ready' } }) && (m.context.common?.length ?? 0) > 0,
  }),
  savingScenario<HealthChange>({
    operationId: 'addPatientConditions',
    site: "the review page's health conditions modal, Update",
    recorded: UPDATED.conditions,
    async open(review) {
      review.send({ type: 'change.opened', part: 'conditions' });
      const modal = changeOf<HealthChange>(review);
      const ready = await waitFor(modal, (s) => s.matches({ open: { common: 'ready' } }));
      const item = ready.context.common![0]!;
      modal.send({ type: 'health.commonToggled', kind: 'conditions', item, on: true });
      return {
        modal,
        act: () => modal.send({ type: 'update.pressed' }),
        failed: (s) => s.matches({ open: { form: 'editing' } }) && s.context.failure !== null,
        shown: (s) => s.context.failure,
        kept: (s) => expect(s.context.list.checked).toEqual([item]),
        retry: () => modal.send({ type: 'update.pressed' }),
      };
    },
  }),
  openingScenario<PaymentChange>({
    operationId: 'listPaymentMethods',
    site: "the review page's payment modal, on opening",
    part: 'payment',
    retried: { type: 'list.retried' },
    unavailable: (m) => m.matches('unavailable'),
    shown: (m) => m.context.loadError,
    ready: (m) => m.matches('listing') && m.context.items.length > 0,
  }),
  savingScenario<PaymentChange>({
    operationId: 'updatePaymentMethod',
    site: "the review page's payment modal, Select on a card that is not the default",
    recorded: UPDATED.payment,
    async open(review) {
      review.send({ type: 'change.opened', part: 'payment' });
      const modal = changeOf<PaymentChange>(review);
      const listed = await waitFor(modal, (m) => m.matches('listing'));
      const other = listed.context.items.find((card) => !card.defaultCard)!;
      return {
        modal,
        act: () => modal.send({ type: 'item.selected', id: other.cardSeqNum }),
        failed: (s) => s.matches('listing') && s.context.failure !== null,
        shown: (s) => s.context.failure,
        kept: (s) => expect(s.context.items.map((card) => card.cardSeqNum)).toContain(other.cardSeqNum),
        retry: () => modal.send({ type: 'item.selected', id: other.cardSeqNum }),
      };
    },
  }),
  {
    operationId: 'updatePaymentMethod',
    site: "the review page's payment modal, editing a card (Save)",
    async reach(c) {
      const review = await reviewShown(c, true);
      review.send({ type: 'change.opened', part: 'payment' });
      const modal = changeOf<PaymentChange>(review);
      const listed = await waitFor(modal, (m) => m.matches('listing'));
      modal.send({ type: 'item.editPressed', id: listed.context.items[0]!.cardSeqNum });
      // An edited card keeps its number: the form never opens the hosted field, so its channel is never used.
      const form = createActor(provideMemberCardForm(c.gateway, new CardFieldChannel()), { input: { today: TODAY, review: cardFormInputOf(modal.getSnapshot().context) } }).start();
      form.send({ type: 'lastName.changed', text: 'Lopez-Garcia' });
      return run(form, {
        act: () => form.send({ type: 'save.submitted' }),
        failed: (f) => f.matches('editing') && f.context.failure !== null,
        shown: (f) => [f.context.failure],
        expected: sameAs,
        kept: (f) => expect(f.context.values.lastName).toBe('Lopez-Garcia'),
        retry: () => form.send({ type: 'save.submitted' }),
        succeeded: (f) => f.status === 'done',
        retryCalls: ['updatePaymentMethod'],
      });
    },
  },
  addressFormScenario('updateAddress', "the review page's address modal, editing an address (Save)", true),
  addressFormScenario('addAddress', "the review page's address modal, adding an address (Save)", false),
];

/**
 * The address modal's form (the view runs it, as in Easy Fill): Edit puts over the address on file,
 * Add posts a new one; a failure keeps what was typed and Save again sends it.
 */
function addressFormScenario(operationId: 'updateAddress' | 'addAddress', site: string, edit: boolean): Scenario {
  return {
    operationId,
    site,
    async reach(c) {
      const review = await reviewShown(c, true);
      review.send({ type: 'change.opened', part: 'address' });
      const modal = changeOf<AddressChange>(review);
      const listed = await waitFor(modal, (m) => m.matches('listing'));
      modal.send(edit ? { type: 'item.editPressed', id: listed.context.items[0]!.addressId } : { type: 'item.addPressed' });
      const form = createActor(provideMemberAddressForm(c.gateway), { input: { today: TODAY, review: formInputOf(modal.getSnapshot().context) } }).start();
      if (edit) form.send({ type: 'line2.changed', text: 'Apt 4' });
      else {
        form.send({ type: 'line1.changed', text: '2 N Central Ave' });
        form.send({ type: 'line2.changed', text: 'Apt 4' });
        form.send({ type: 'addressType.changed', addressType: 'home' });
        form.send({ type: 'zip.changed', text: '85004' });
        await waitFor(form, (f) => f.context.values.city !== '');
      }
      return run(form, {
        act: () => form.send({ type: 'save.submitted' }),
        failed: (f) => f.matches({ editing: 'idle' }) && f.context.failure !== null,
        shown: (f) => [f.context.failure],
        // Section 8: 'Something went wrong. Try again.' for a failed address save.
        expected: (fault) => [errorText(fault, ADDRESS_MESSAGES.saveFailed)],
        kept: (f) => expect(f.context.values.line2).toBe('Apt 4'),
        retry: () => form.send({ type: 'save.submitted' }),
        succeeded: (f) => f.status === 'done',
        retryCalls: [operationId],
      });
    },
  };
}

// --- the session

const sessionScenario: Scenario = {
  operationId: 'renewMemberSession',
  site: "the session, renewing the patient token on the member's activity",
  async reach(c) {
    await asPersona(c, MARIA);
    const token = c.gateway.patientToken();
    // A minute on the gateway's clock, so the renewed token differs from the one it replaces.
    server.clock.now = new Date(server.clock.now.getTime() + 60_000);
    const clock = new SimulatedClock();
    const actor = createActor(provideSession(c.gateway, () => {}), { input: SESSION_TIMING, clock }).start();
    clock.increment(SESSION_TIMING.renewMs);
    expect(actor.getSnapshot().matches({ token: 'due' })).toBe(true);
    return run(actor, {
      act: () => actor.send({ type: 'activity' }),
      failed: (s) => s.matches({ token: 'due' }),
      // Our decision (sessionMachine): a renewal the person did not ask for shows nothing when it fails;
      // the token still has 20 minutes, and the next activity tries again.
      shown: () => [],
      expected: () => [],
      kept: (s) => {
        expect(s.matches({ timer: 'active' })).toBe(true);
        expect(c.gateway.patientToken()).toBe(token);
      },
      retry: () => actor.send({ type: 'activity' }),
      succeeded: (s) => s.matches({ token: 'fresh' }) && c.gateway.patientToken() !== token,
      retryCalls: ['renewMemberSession'],
    });
  },
};

const SCENARIOS: Scenario[] = [
  memberInfoScenario('verifyMember', 'Member Information, Continue (verify)'),
  memberInfoScenario('checkEligibility', 'Member Information, Continue (the member information)'),
  alertsScenario,
  ...transfersScenarios,
  ...doctorScenarios,
  ...addPrescriptionScenarios,
  ...registrationScenarios,
  ...reviewScenarios,
  ...changeScenarios,
  sessionScenario,
];

// ------------------------------------------------------------------ the tests

describe('what the sweep covers', () => {
  const swept = CONTRACT_OPERATIONS.filter((op) => op.tags.some((t) => SWEPT_TAGS.includes(t)));
  const withScenario = new Set(SCENARIOS.map((s) => s.operationId));

  test('every member and payment operation of the contract has a scenario, or is listed as never called by the member flow', () => {
    const missing = swept.filter((op) => !withScenario.has(op.operationId) && !(op.operationId in NOT_CALLED)).map((op) => `${op.operationId} (${op.method} ${op.path})`);
    expect(missing, 'operations without a fault scenario: add one to test/flows/faults.gateway.test.ts').toEqual([]);
  });

  test('the member flow calls none of the operations listed as never called, and only operations of the contract', () => {
    const calls = memberFlowCalls();
    const listedButCalled = Object.keys(NOT_CALLED).filter((id) => calls.has(id)).map((id) => `${id} (${calls.get(id)!.join(', ')})`);
    expect(listedButCalled, 'now called by the member flow: give it a scenario and take it off NOT_CALLED').toEqual([]);
    expect([...calls.keys()].filter((id) => !CONTRACT_OPERATIONS.some((op) => op.operationId === id))).toEqual([]);
    // Every call in the sources has a scenario (the payment ones included).
    expect([...calls.keys()].filter((id) => !withScenario.has(id))).toEqual([]);
  });

  test('every scenario names a member or payment operation, and the never-called list names only such operations', () => {
    const ids = new Set(swept.map((op) => op.operationId));
    expect([...withScenario].filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.keys(NOT_CALLED).filter((id) => !ids.has(id) || withScenario.has(id))).toEqual([]);
  });
});

let current: { client: SweepClient; actor: AnyActorRef | null } | null = null;
afterEach(async () => {
  current?.actor?.stop();
  await current?.client.disarm();
  current = null;
});

describe.each(SCENARIOS)('$operationId: $site', (scenario) => {
  test.each(FAULTS)('$name', async (fault) => {
    const client = sweepClient(server);
    current = { client, actor: null };
    const r = await scenario.reach(client);
    current.actor = r.actor;

    await client.arm(scenario.operationId, fault);
    const before = client.calls.length;
    r.act();
    const failed = await waitFor(r.watch?.() ?? r.actor, (s) => r.failed(s), { timeout: 10_000 });
    expect(client.calls.slice(before), 'the call was made').toContain(scenario.operationId);
    expect(r.shown(failed), 'what the person reads').toEqual(r.expected(fault));
    r.kept(failed);

    if (r.retry) {
      const retriedFrom = client.calls.length;
      await r.retry();
      await waitFor(r.actor, (s) => r.succeeded(s), { timeout: 10_000 });
      if (r.retryCalls) expect([...new Set(client.calls.slice(retriedFrom).filter((id) => id !== 'getAppToken'))].sort()).toEqual([...r.retryCalls].sort());
    } else {
      expect(r.succeeded(failed), 'the flow went on').toBe(true);
    }
  });
});
