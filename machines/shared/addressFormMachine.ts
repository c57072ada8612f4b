/**
 * The form of the Easy Fill address modal (link-flows-and-public-pages.md
 * sections 2.15, 3 and 7): address lines, zip (city and state come from the
 * zip lookup; when it finds several cities the person picks one), address
 * type (Temporary with start and end dates), default shipping; Save posts the
 * address.
 *
 * While editing, a complete zip starts a lookup; the person keeps typing
 * meanwhile, and a Save pressed during it waits for it. The zip's status says
 * 'Looking up the city and state…' meanwhile; a failed lookup says the call's
 * text there, and Search again (`zip.retried`) looks the same zip up, nothing retyped. A field's error shows
 * once the person has changed the field and left it (merely tabbing through
 * an empty field shows nothing: it is not an error yet), or all at once after a Save; a
 * Save with errors moves the focus to the first invalid field. A failed save returns to editing with the
 * gateway's text; nothing typed is lost.
 *
 * Side effects are named: the actors `lookupZipCode` and `saveAddress`, the
 * actions `focusField` and `reportSaved`. src/ provides them with `.provide()`.
 * Today comes in as input.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import {
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  addressErrors,
  addressSaveBody,
  addressSaveFailureText,
  distinctPlaces,
  EMPTY_ADDRESS,
  placeKey,
  type AddressErrors,
  type AddressField,
  type AddressOnFile,
  type AddressSave,
  type AddressTypeKey,
  type AddressValues,
  type ZipPlace,
  type ZipProblem,
  zipRetryable,
  zipStatus,
} from './rules/addressForm.ts';
import { cleanZip } from './rules/verification.ts';
import type { CallFailure } from './rules/calls.ts';

export type { AddressField, AddressSave, AddressTypeKey, ZipPlace };
export { zipStatus };

export interface AddressFormInput {
  /** Today, YYYY-MM-DD: a Temporary address may not start before it. */
  today: string;
  /** The review page's modal: the address being edited (null: a new one) and the addresses on file (no duplicates). */
  review?: { editing: { addressId: number; values: AddressValues } | null; others: AddressOnFile[] };
}

export type { CallFailure };

export interface AddressFormContext {
  today: string;
  review: { others: AddressOnFile[]; editing: number | null } | null;
  values: AddressValues;
  /** The places the lookup found for the zip typed. */
  places: ZipPlace[];
  zipProblem: ZipProblem | null;
  /** Fields the person has changed (typed in, picked, cleared). */
  edited: AddressField[];
  /** Fields the person has changed and then left: their errors show. */
  touched: AddressField[];
  /** Save was pressed: every error shows. */
  submitted: boolean;
  /** Save was pressed while the zip was being looked up: save when it answers. */
  saveAfterLookup: boolean;
  /** The failed save's text (an Alert). */
  failure: string | null;
}

export type AddressFormEvent =
  | { type: 'line1.changed'; text: string }
  | { type: 'line2.changed'; text: string }
  | { type: 'zip.changed'; text: string }
  | { type: 'city.chosen'; city: string; state: string }
  | { type: 'addressType.changed'; addressType: AddressTypeKey }
  | { type: 'startDate.changed'; text: string }
  | { type: 'endDate.changed'; text: string }
  | { type: 'default.changed'; checked: boolean }
  | { type: 'field.blurred'; field: AddressField }
  /** Search again beside a failed zip lookup: the same zip looked up again, nothing retyped. */
  | { type: 'zip.retried' }
  | { type: 'save.submitted' };

/** Every field's error, shown or not. */
export const errorsOf = (c: AddressFormContext): AddressErrors =>
  addressErrors({ values: c.values, places: c.places, zipProblem: c.zipProblem, today: c.today, review: c.review ?? undefined });

/**
 * The errors the person sees: every one after a Save, else those of the fields
 * changed and left, and a zip the lookup does not know at once; none on the zip while it is being
 * looked up. A failed lookup is no error of its own: its text is the zip's status (zipStatus), and
 * the zip's missing city and state wait for a Save (shown as the zip is left, they pushed Search again
 * down under the pointer pressing it).
 */
export function shownErrors(c: AddressFormContext): AddressErrors {
  const all = errorsOf(c);
  const lookupPending = c.values.zip.length === 5 && c.places.length === 0 && c.zipProblem === null;
  const shown: AddressErrors = {};
  for (const f of ADDRESS_FIELDS) {
    const left = c.touched.includes(f) && !(f === 'zip' && c.zipProblem?.kind === 'failed');
    const visible = c.submitted || left || (f === 'zip' && c.zipProblem?.kind === 'notFound');
    if (all[f] && visible && !(f === 'zip' && lookupPending)) shown[f] = all[f];
  }
  return shown;
}

/** Adds a field to a list once. */
const withField = (list: AddressField[], field: AddressField): AddressField[] => (list.includes(field) ? list : [...list, field]);

/** The alert above the form: the failed save's text, or on the review page's modal 'Please review the page for errors.' after a Save with errors. */
export const formAlert = (c: AddressFormContext): string | null =>
  c.failure ?? (c.review && c.submitted && Object.keys(errorsOf(c)).length > 0 ? ADDRESS_MESSAGES.reviewErrors : null);

const firstInvalidField = (c: AddressFormContext): AddressField => {
  const errors = errorsOf(c);
  return ADDRESS_FIELDS.find((f) => errors[f] !== undefined) ?? 'line1';
};

export const addressFormMachine = setup({
  types: {
    context: {} as AddressFormContext,
    events: {} as AddressFormEvent,
    input: {} as AddressFormInput,
  },
  actors: {
    lookupZipCode: fromPromise<ZipPlace[], { zip: string }>(async () => {
      throw new Error('lookupZipCode is provided by src/');
    }),
    saveAddress: fromPromise<number, AddressSave & { addressId?: number }>(async () => {
      throw new Error('saveAddress is provided by src/');
    }),
  },
  actions: {
    focusField: (_, _params: { field: AddressField }) => {
      /* provided by src/: moves the focus to the field */
    },
    reportSaved: (_, _params: { addressId: number }) => {
      /* provided by src/: tells the page the new address's id */
    },
  },
  guards: {
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
    saveWaiting: ({ context }) => context.saveAfterLookup,
    zipComplete: (_, params: { text: string }) => cleanZip(params.text).length === 5,
    placeOffered: ({ context }, params: { city: string; state: string }) => context.places.some((p) => placeKey(p) === placeKey(params)),
    isNotFound: (_, failure: CallFailure) => failure.status === 404,
    zipRetryable: ({ context }) => zipRetryable(context.zipProblem),
  },
}).createMachine({
  id: 'addressForm',
  context: ({ input }) => ({
    today: input.today,
    review: input.review ? { others: input.review.others, editing: input.review.editing?.addressId ?? null } : null,
    values: input.review?.editing?.values ?? EMPTY_ADDRESS,
    // An address being edited keeps its city and state until its zip changes.
    places: input.review?.editing ? [{ zipCode: input.review.editing.values.zip, city: input.review.editing.values.city, state: input.review.editing.values.state }] : [],
    zipProblem: null,
    edited: [],
    touched: [],
    submitted: false,
    saveAfterLookup: false,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'line1.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, line1: event.text }), edited: ({ context }) => withField(context.edited, 'line1') }) },
        'line2.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, line2: event.text }), edited: ({ context }) => withField(context.edited, 'line2') }) },
        // A new zip forgets the last lookup (its places, city and state); a complete one is looked up, replacing a lookup under way.
        'zip.changed': [
          {
            guard: { type: 'zipComplete', params: ({ event }) => event },
            target: '.lookingUp',
            reenter: true,
            actions: assign({
              values: ({ context, event }) => ({ ...context.values, zip: cleanZip(event.text), city: '', state: '' }),
              edited: ({ context }) => withField(context.edited, 'zip'),
              places: [],
              zipProblem: null,
            }),
          },
          {
            target: '.idle',
            actions: assign({
              values: ({ context, event }) => ({ ...context.values, zip: cleanZip(event.text), city: '', state: '' }),
              edited: ({ context }) => withField(context.edited, 'zip'),
              places: [],
              zipProblem: null,
              saveAfterLookup: false,
            }),
          },
        ],
        'city.chosen': {
          guard: { type: 'placeOffered', params: ({ event }) => event },
          actions: assign({ values: ({ context, event }) => ({ ...context.values, city: event.city, state: event.state }), edited: ({ context }) => withField(context.edited, 'city') }),
        },
        'addressType.changed': {
          actions: assign({ values: ({ context, event }) => ({ ...context.values, addressType: event.addressType }), edited: ({ context }) => withField(context.edited, 'addressType') }),
        },
        'startDate.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, startDate: event.text }), edited: ({ context }) => withField(context.edited, 'startDate') }) },
        'endDate.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, endDate: event.text }), edited: ({ context }) => withField(context.edited, 'endDate') }) },
        'default.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, isDefault: event.checked }) }) },
        // Leaving a field shows its error only once it has been changed: tabbing through shows nothing.
        'field.blurred': {
          actions: assign({ touched: ({ context, event }) => (context.edited.includes(event.field) ? withField(context.touched, event.field) : context.touched) }),
        },
      },
      states: {
        idle: {
          on: {
            // Search again: the zip as typed, looked up again; the button goes, so the focus goes back to the zip.
            'zip.retried': {
              guard: 'zipRetryable',
              target: 'lookingUp',
              actions: [assign({ zipProblem: null }), { type: 'focusField', params: { field: 'zip' } }],
            },
            'save.submitted': [
              { guard: 'formValid', target: '#addressForm.saving', actions: assign({ submitted: true, failure: null }) },
              {
                actions: [
                  assign({ submitted: true, failure: null }),
                  { type: 'focusField', params: ({ context }) => ({ field: firstInvalidField(context) }) },
                ],
              },
            ],
          },
        },
        lookingUp: {
          tags: ['lookingUp'],
          on: {
            'save.submitted': { actions: assign({ submitted: true, saveAfterLookup: true, failure: null }) },
          },
          invoke: {
            id: 'lookupZipCode',
            src: 'lookupZipCode',
            input: ({ context }) => ({ zip: context.values.zip }),
            // One place fills city and state; several wait for the person's pick; none is a zip error.
            onDone: {
              target: 'lookedUp',
              actions: assign(({ context, event }) => {
                const places = distinctPlaces(event.output);
                const only = places.length === 1 ? places[0]! : null;
                return {
                  places,
                  zipProblem: places.length === 0 ? ({ kind: 'notFound' } as const) : null,
                  values: { ...context.values, city: only?.city ?? '', state: only?.state ?? '' },
                };
              }),
            },
            onError: [
              { guard: { type: 'isNotFound', params: ({ event }) => event.error as CallFailure }, target: 'lookedUp', actions: assign({ zipProblem: { kind: 'notFound' } }) },
              {
                target: 'lookedUp',
                actions: assign({ zipProblem: ({ event }) => ({ kind: 'failed', text: (event.error as CallFailure).displayText }) }),
              },
            ],
          },
        },
        /** A Save pressed during the lookup goes on now. */
        lookedUp: {
          always: [
            { guard: and(['saveWaiting', 'formValid']), target: '#addressForm.saving', actions: assign({ saveAfterLookup: false }) },
            {
              guard: 'saveWaiting',
              target: 'idle',
              actions: [assign({ saveAfterLookup: false }), { type: 'focusField', params: ({ context }) => ({ field: firstInvalidField(context) }) }],
            },
            { target: 'idle' },
          ],
        },
      },
    },
    saving: {
      tags: ['pending'],
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => ({ ...addressSaveBody(context.values), ...(context.review?.editing ? { addressId: context.review.editing } : {}) }),
        onDone: { target: 'saved', actions: { type: 'reportSaved', params: ({ event }) => ({ addressId: event.output }) } },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => addressSaveFailureText(event.error as CallFailure) }) },
      },
    },
    saved: { type: 'final' },
  },
});
