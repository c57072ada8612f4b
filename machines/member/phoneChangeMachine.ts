/**
 * The review page's Change Primary Phone modal (member-transfer-flow.md
 * sections 2, 4 and 5): the numbers on file; Select makes another number the
 * primary one, Edit opens the primary number's form, Add Number a new one's.
 * The form's Update is disabled while nothing has changed; its errors show
 * once a field is left or after Update. A failure says which action failed
 * (select, edit or add) with the gateway's text and keeps what was typed.
 *
 * Side effects are named: the actors `loadPhones` and `savePhone`.
 * Closing the modal belongs to the machine that runs it (the review page's,
 * the registration page's), which stops this one. Its output is the new
 * primary phone.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { PhoneRecord } from '../contract.ts';
import {
  EMPTY_PHONE_FORM,
  makePrimaryCall,
  phoneFormCall,
  phoneFormChanged,
  phoneFormErrors,
  phoneFormOf,
  primaryPhoneSaved,
  type PhoneFormField,
  type PhoneFormValues,
} from './rules/profileChanges.ts';
import type { CallFailure } from '../shared/rules/calls.ts';


export type PhoneAction = 'select' | 'edit' | 'add';

export interface PhoneChangeContext {
  phones: PhoneRecord[];
  loadError: string | null;
  /** The phone being edited (null: a new one). */
  editing: PhoneRecord | null;
  /** The phone Select is making primary. */
  selecting: PhoneRecord | null;
  values: PhoneFormValues;
  /** What the form started from: Update waits for a change. */
  from: PhoneFormValues;
  touched: PhoneFormField[];
  submitted: boolean;
  failure: { action: PhoneAction; text: string } | null;
}

export type PhoneChangeEvent =
  | { type: 'phones.retried' }
  | { type: 'phone.selected'; phoneId: number }
  | { type: 'phone.editPressed' }
  | { type: 'phone.addPressed' }
  | { type: 'form.changed'; values: Partial<PhoneFormValues> }
  | { type: 'field.blurred'; field: PhoneFormField }
  | { type: 'update.pressed' }
  | { type: 'form.back' };

export const primaryOf = (phones: readonly PhoneRecord[]) => phones.find((p) => p.isPrimary) ?? null;

/** The form's errors the member sees: a field's once left, every one after Update. */
export function shownPhoneErrors(c: PhoneChangeContext): Partial<Record<PhoneFormField, string>> {
  const all = phoneFormErrors(c.values);
  return Object.fromEntries(Object.entries(all).filter(([f]) => c.submitted || c.touched.includes(f as PhoneFormField)));
}

const closedForm = { touched: [] as PhoneFormField[], submitted: false, failure: null };

export const phoneChangeMachine = setup({
  types: {
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent,
    output: {} as { part: 'phone'; primary: ReturnType<typeof primaryPhoneSaved> },
  },
  actors: {
    loadPhones: fromPromise<PhoneRecord[]>(async () => {
      throw new Error('loadPhones is provided by src/');
    }),
    savePhone: fromPromise<unknown, ReturnType<typeof phoneFormCall> | ReturnType<typeof makePrimaryCall>>(async () => {
      throw new Error('savePhone is provided by src/');
    }),
  },
  guards: {
    changed: ({ context }) => phoneFormChanged(context.values, context.from),
    valid: ({ context }) => Object.keys(phoneFormErrors(context.values)).length === 0,
    hasPrimary: ({ context }) => primaryOf(context.phones) !== null,
    /** Select is offered on the numbers that are not the primary one. */
    selectable: ({ context }, params: { phoneId: number }) => context.phones.some((p) => p.phoneId === params.phoneId && !p.isPrimary),
  },
}).createMachine({
  id: 'phoneChange',
  context: {
    phones: [],
    loadError: null,
    editing: null,
    selecting: null,
    values: EMPTY_PHONE_FORM,
    from: EMPTY_PHONE_FORM,
    ...closedForm,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPhones',
        src: 'loadPhones',
        onDone: { target: 'listing', actions: assign({ phones: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'unavailable', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
      },
    },
    unavailable: { on: { 'phones.retried': 'loading' } },
    listing: {
      on: {
        'phone.selected': {
          guard: { type: 'selectable', params: ({ event }) => event },
          target: 'selecting',
          actions: assign({ selecting: ({ context, event }) => context.phones.find((p) => p.phoneId === event.phoneId)!, failure: null }),
        },
        'phone.editPressed': {
          guard: 'hasPrimary',
          target: 'form',
          actions: assign(({ context }) => {
            const primary = primaryOf(context.phones)!;
            return { editing: primary, values: phoneFormOf(primary), from: phoneFormOf(primary), ...closedForm };
          }),
        },
        'phone.addPressed': { target: 'form', actions: assign({ editing: null, values: EMPTY_PHONE_FORM, from: EMPTY_PHONE_FORM, ...closedForm }) },
      },
    },
    selecting: {
      tags: ['pending'],
      invoke: {
        id: 'savePhone',
        src: 'savePhone',
        input: ({ context }) => makePrimaryCall(context.selecting!),
        onDone: 'saved',
        onError: { target: 'listing', actions: assign({ failure: ({ event }) => ({ action: 'select' as const, text: (event.error as CallFailure).displayText }), selecting: null }) },
      },
    },
    /** The add/edit sub-modal. */
    form: {
      on: {
        'form.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.values }) }) },
        'field.blurred': { actions: assign({ touched: ({ context, event }) => (context.touched.includes(event.field) ? context.touched : [...context.touched, event.field]) }) },
        'update.pressed': [
          { guard: and(['changed', 'valid']), target: 'savingForm', actions: assign({ submitted: true, failure: null }) },
          { guard: 'changed', actions: assign({ submitted: true }) },
        ],
        'form.back': { target: 'listing', actions: assign({ failure: null }) },
      },
    },
    savingForm: {
      tags: ['pending'],
      invoke: {
        id: 'savePhone',
        src: 'savePhone',
        input: ({ context }) => phoneFormCall(context.values, context.editing),
        onDone: 'saved',
        onError: {
          target: 'form',
          actions: assign({ failure: ({ context, event }) => ({ action: context.editing ? ('edit' as const) : ('add' as const), text: (event.error as CallFailure).displayText }) }),
        },
      },
    },
    saved: { type: 'final' },
  },
  // The new primary phone: the registration page's notification choices depend on its type.
  output: ({ context }) => ({ part: 'phone' as const, primary: primaryPhoneSaved(context.selecting, context.values) }),
});
