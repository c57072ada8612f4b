/**
 * The registration / missing-information page and its submission pipeline
 * (member-transfer-flow.md sections 2, 4 "Registration submission", 5 and 8).
 *
 * The page asks for the sections `partsNeeded` names (all of them for a member
 * who is not registered), plus the three agreements. A registered patient
 * with nothing missing moves on by itself (`done` at once).
 *
 * Regions while filling in:
 * - form: editing, then on Next (errors shown from then on) the pipeline:
 *     tokenizing        the hosted card field's number becomes a token (unless
 *                       payment is skipped or not asked for; kept for a retry)
 *     validatingAddress POST /mmar/addresses/validateaddress (once per address
 *                       typed; 'INVALID ADDRESS: Address Not Found.')
 *     registering       POST /mmar/registration/mailorder (no patientId)
 *     savingParts       the missing parts' own calls (a registered patient),
 *                       only those not saved yet: a retry sends what failed
 *   Any failure goes back to editing with the banner's lines and nothing
 *   typed is lost.
 * - field: the tokenizer session that places the hosted card field
 *   (opening, ready, unavailable with Try again), only when payment is asked.
 * - zip: the zip lookup once 5 digits are typed; one place fills city and
 *   state, several are offered, none says so (the zip's error, at once). A
 *   failed lookup says so in the zip's status, and Search again (`zip.retried`)
 *   looks the same zip up, nothing retyped.
 * - dialog: the Terms of Use modal, whose 'I'm Done' also ticks the box.
 *
 * Decision (section 8 says a tokenization failure on this page "is only
 * logged"): the member would then see nothing and Next would do nothing. The
 * page shows the card provider's text ('Request failed, notify Support.
 * (err {status})') in the banner instead, and Next tries again.
 *
 * Side effects are named: actors `openField`, `lookupZip`, `tokenizeCard`,
 * `validateAddress`, `register`, `saveParts`; actions `storeRegistration`
 * (the new patient token) and `focusBanner`. src/ provides them. Today comes
 * in as input. This file is the chart; its types, actors, actions and guards
 * are set up in registrationSetup.ts, its context and events in
 * registrationContext.ts.
 */
import { and, assign, enqueueActions, not, stateIn } from 'xstate';
export * from './registrationContext.ts';
import { registrationSetup } from './registrationSetup.ts';
import {
  addressKey,
  cleanZip,
  EMPTY_VALUES,
  healthUpdate,
  suggestionsFor,
  unsave,
  withNotification,
  type CallFailure,
  type RegistrationEvent,
} from './registrationContext.ts';
import { EMPTY_CARD_FIELD } from '../shared/rules/cardField.ts';
import { distinctPlaces } from '../shared/rules/addressForm.ts';
import { addressToValidate, CONTACT_LIMITS, CONTACT_MESSAGES } from './rules/contactInfo.ts';
import { addRow, commonOffered, lookupReady, pickInRow, removeRow, setNone, toggleCommon, typeInRow } from './rules/healthInfo.ts';
import { failureLines, partCalls, registerPayload, setSkip, tokenizeFailure, type TokenizeFailure } from './rules/registration.ts';

export const registrationMachine = registrationSetup.createMachine({
  id: 'registration',
  context: ({ input }) => ({
    member: input.member,
    today: input.today,
    values: EMPTY_VALUES,
    cardField: EMPTY_CARD_FIELD,
    serviceUrl: null,
    places: [],
    zipProblem: null,
    touched: [],
    nextPressed: false,
    token: null,
    heldCard: null,
    numberSent: false,
    validAddress: null,
    saved: [],
    failures: [],
    rowSeq: 0,
    common: { allergies: [], conditions: [] },
    suggestions: null,
    patientId: input.member.patient.patientId,
  }),
  output: ({ context }) => ({ patientId: context.patientId!, registered: context.member.patient.patientId === null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'nothingMissing', target: 'done' }, { target: 'filling' }],
    },
    filling: {
      type: 'parallel',
      on: {
        'shipping.changed': {
          actions: [
            // Tells the zip region (before the values change, so both are known): a zip of 5 digits, new or
            // still without its city and state, is looked up; a zip cut short drops the lookup of the old one.
            enqueueActions(({ context, event, enqueue }) => {
              if (event.values.zip === undefined) return;
              const zip = cleanZip(event.values.zip);
              if (zip.length < CONTACT_LIMITS.zip) enqueue.raise({ type: 'zip.cut' });
              else if (zip !== context.values.shipping.zip || !context.values.shipping.city) enqueue.raise({ type: 'zip.typed' });
            }),
            assign(({ context, event }) => {
            const shipping = { ...context.values.shipping, ...event.values };
            shipping.zip = cleanZip(shipping.zip);
            // A new zip clears the city, the state and the places of the old one.
            const newZip = shipping.zip !== context.values.shipping.zip;
            if (newZip) Object.assign(shipping, { city: '', state: '' });
            return {
              values: withNotification(context, { ...context.values, shipping }),
              saved: unsave(context, 'shipping'),
              ...(newZip ? { zipProblem: null, places: [] } : {}),
            };
          }),
          ],
        },
        'shipping.placePicked': {
          actions: assign(({ context, event }) => ({
            values: withNotification(context, { ...context.values, shipping: { ...context.values.shipping, city: event.place.city, state: event.place.state } }),
            saved: unsave(context, 'shipping'),
          })),
        },
        'contact.changed': {
          actions: assign(({ context, event }) => ({
            values: withNotification(context, { ...context.values, contact: { ...context.values.contact, ...event.values } }),
            saved: unsave(context, 'contact'),
          })),
        },
        'payment.changed': {
          actions: assign(({ context, event }) => ({ values: { ...context.values, payment: { ...context.values.payment, ...event.values } }, saved: unsave(context, 'payment') })),
        },
        'payment.skipped': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, payment: setSkip(context.values.payment, event.skip) },
            saved: unsave(context, 'payment'),
            token: null,
            heldCard: null,
          })),
        },
        // A new number replaces the token of the old one. The field empties itself once it has sent a number
        // to the tokenizer: that card stays held for a retry until another number is typed.
        'cardNumber.changed': {
          actions: assign(({ context, event }) =>
            event.state.empty ? { cardField: event.state } : { cardField: event.state, token: null, heldCard: null, saved: unsave(context, 'payment') },
          ),
        },
        'notification.changed': {
          actions: assign(({ context, event }) => ({ values: { ...context.values, notification: { ...context.values.notification, ...event.values } }, saved: unsave(context, 'notification') })),
        },
        'health.noneToggled': { actions: assign(({ context, event }) => healthUpdate(context, event.kind, (l) => setNone(l, event.none))) },
        'health.commonToggled': { actions: assign(({ context, event }) => healthUpdate(context, event.kind, (l) => toggleCommon(l, event.item, event.on))) },
        'health.rowAdded': {
          actions: assign(({ context, event }) => ({ ...healthUpdate(context, event.kind, (l) => addRow(l, context.rowSeq + 1)), rowSeq: context.rowSeq + 1 })),
        },
        'health.rowTyped': {
          actions: [
            assign(({ context, event }) => ({ ...healthUpdate(context, event.kind, (l) => typeInRow(l, event.id, event.text)), suggestions: null })),
            // The lookup runs from 3 letters (section 5).
            enqueueActions(({ event, enqueue }) => {
              if (lookupReady(event.text)) enqueue.raise({ type: 'lookup.typed', kind: event.kind, rowId: event.id, text: event.text.trim() });
            }),
          ],
        },
        // Search again: the failed text looked up again, nothing retyped; Searching… until it answers.
        'health.lookupRetried': {
          guard: { type: 'lookupFailed', params: ({ event }) => event },
          actions: enqueueActions(({ context, event, enqueue }) => {
            const text = context.suggestions!.text;
            enqueue.assign({ suggestions: null });
            enqueue.raise({ type: 'lookup.typed', kind: event.kind, rowId: event.id, text });
          }),
        },
        'health.rowPicked': { actions: assign(({ context, event }) => ({ ...healthUpdate(context, event.kind, (l) => pickInRow(l, event.id, event.item)), suggestions: null })) },
        'health.rowRemoved': { actions: assign(({ context, event }) => healthUpdate(context, event.kind, (l) => removeRow(l, event.id))) },
        'privacy.changed': { actions: assign({ values: ({ context, event }) => ({ ...context.values, privacy: { ...context.values.privacy, ...event.values } }) }) },
        'field.blurred': { actions: assign({ touched: ({ context, event }) => (context.touched.includes(event.field) ? context.touched : [...context.touched, event.field]) }) },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'next.pressed': [
                  { guard: 'hasErrors', actions: [assign({ nextPressed: true, failures: [] }), 'focusBanner'] },
                  { target: 'submitting', actions: assign({ nextPressed: true, failures: [] }) },
                ],
              },
            },
            submitting: {
              initial: 'checking',
              states: {
                checking: {
                  always: [
                    { guard: 'needsToken', target: 'tokenizing' },
                    { guard: 'needsAddressCheck', target: 'validatingAddress' },
                    { guard: 'unregistered', target: 'registering' },
                    { target: 'savingParts' },
                  ],
                },
                tokenizing: {
                  // The field empties itself once the tokenizer has accepted its number, before the token is
                  // fetched: that empty report is not a missing number (else the banner would flash 'Card
                  // Number and/or Card Details are missing.' on a success). The flag goes on leaving, in the same
                  // step as the token (done) or the held card (failed); a number the tokenizer no longer holds
                  // (404, 410) is missing again, and says so.
                  on: {
                    'cardNumber.changed': {
                      actions: assign(({ context, event }) =>
                        event.state.empty ? { cardField: event.state, numberSent: true } : { cardField: event.state, token: null, heldCard: null, saved: unsave(context, 'payment') },
                      ),
                    },
                  },
                  exit: assign({ numberSent: false }),
                  invoke: {
                    id: 'tokenizeCard',
                    src: 'tokenizeCard',
                    input: ({ context }) => ({ detected: context.cardField.brand, held: context.heldCard }),
                    onDone: { target: 'checking', actions: assign({ token: ({ event }) => event.output, heldCard: null }) },
                    // A number the tokenizer kept (only its token's fetch failed) stays held for the retry: the field has emptied itself.
                    onError: {
                      target: '#registration.filling.form.editing',
                      actions: [
                        assign({
                          failures: ({ event }) => [tokenizeFailure((event.error as TokenizeFailure).status)],
                          heldCard: ({ event }) => (event.error as TokenizeFailure).held ?? null,
                        }),
                        'focusBanner',
                      ],
                    },
                  },
                },
                validatingAddress: {
                  invoke: {
                    id: 'validateAddress',
                    src: 'validateAddress',
                    input: ({ context }) => addressToValidate(context.values.shipping),
                    onDone: [
                      { guard: 'addressValid', target: 'checking', actions: assign({ validAddress: ({ context }) => addressKey(context.values.shipping) }) },
                      { target: '#registration.filling.form.editing', actions: [assign({ failures: [CONTACT_MESSAGES.invalidAddress] }), 'focusBanner'] },
                    ],
                    onError: {
                      target: '#registration.filling.form.editing',
                      actions: ['showCallFailure', 'focusBanner'],
                    },
                  },
                },
                registering: {
                  invoke: {
                    id: 'register',
                    src: 'register',
                    input: ({ context }) => registerPayload(context.member, context.values, context.token),
                    onDone: {
                      target: '#registration.done',
                      actions: [assign({ patientId: ({ event }) => event.output.patientNum }), { type: 'storeRegistration', params: ({ event }) => event.output }],
                    },
                    onError: {
                      target: '#registration.filling.form.editing',
                      actions: ['showCallFailure', 'focusBanner'],
                    },
                  },
                },
                savingParts: {
                  invoke: {
                    id: 'saveParts',
                    src: 'saveParts',
                    input: ({ context }) => ({
                      member: context.member,
                      values: context.values,
                      token: context.token,
                      calls: partCalls(context.member, context.values.payment).filter((c) => !context.saved.includes(c)),
                    }),
                    onDone: [
                      { guard: 'allSaved', target: '#registration.done' },
                      {
                        target: '#registration.filling.form.editing',
                        actions: [
                          assign({
                            saved: ({ context, event }) => [...context.saved, ...event.output.flatMap((r) => (r.ok ? [r.call] : []))],
                            failures: ({ event }) => failureLines(event.output),
                          }),
                          'focusBanner',
                        ],
                      },
                    ],
                    onError: {
                      target: '#registration.filling.form.editing',
                      actions: ['showCallFailure', 'focusBanner'],
                    },
                  },
                },
              },
            },
          },
        },
        field: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'paymentAsked', target: 'opening' }, { target: 'off' }] },
            off: {},
            opening: {
              invoke: {
                id: 'openField',
                src: 'openField',
                onDone: { target: 'ready', actions: assign({ serviceUrl: ({ event }) => event.output.serviceUrl }) },
                onError: { target: 'unavailable' },
              },
            },
            unavailable: { on: { 'field.retried': 'opening' } },
            ready: {},
          },
        },
        zip: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'zip.typed': 'looking',
                // Search again: the zip as typed, looked up again; 'Looking up the city and state…' until it answers.
                'zip.retried': { guard: 'zipFailed', target: 'looking' },
              },
            },
            looking: {
              tags: ['lookingUp'],
              // The last answer's problem goes (a zip typed again over a failed lookup is the same zip).
              entry: assign({ zipProblem: null }),
              on: { 'zip.typed': { target: 'looking', reenter: true }, 'zip.cut': 'idle' },
              invoke: {
                id: 'lookupZip',
                src: 'lookupZip',
                input: ({ context }) => ({ zip: context.values.shipping.zip }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    const places = distinctPlaces(event.output);
                    const only = places.length === 1 ? places[0]! : null;
                    const shipping = only ? { ...context.values.shipping, city: only.city, state: only.state } : context.values.shipping;
                    return { places, zipProblem: places.length === 0 ? { kind: 'notFound' as const } : null, values: withNotification(context, { ...context.values, shipping }) };
                  }),
                },
                // The call's text (section 8: the general text; unreachable counts as 400) in the zip's status, with Search again.
                onError: { target: 'idle', actions: assign({ places: [], zipProblem: ({ event }) => ({ kind: 'failed' as const, text: (event.error as CallFailure).displayText }) }) },
              },
            },
          },
        },
        health: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'healthAsked', target: 'loading' }, { target: 'off' }] },
            off: {},
            loading: {
              invoke: {
                id: 'loadCommonLists',
                src: 'loadCommonLists',
                onDone: {
                  target: 'ready',
                  actions: assign({ common: ({ event }) => ({ allergies: commonOffered('allergies', event.output.allergies), conditions: commonOffered('conditions', event.output.conditions) }) }),
                },
                onError: { target: 'unavailable' },
              },
            },
            // The lists could not be loaded: None and the lookup still work; Try again loads them.
            unavailable: { on: { 'health.retried': 'loading' } },
            ready: {},
          },
        },
        lookup: {
          initial: 'idle',
          states: {
            idle: { on: { 'lookup.typed': 'looking' } },
            looking: {
              on: { 'lookup.typed': { target: 'looking', reenter: true } },
              invoke: {
                id: 'lookupHealth',
                src: 'lookupHealth',
                input: ({ event }) => {
                  const e = event as Extract<RegistrationEvent, { type: 'lookup.typed' }>;
                  return { kind: e.kind, text: e.text };
                },
                onDone: {
                  target: 'idle',
                  actions: assign({ suggestions: ({ context, event }) => suggestionsFor(context, event.output, null) }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({ suggestions: ({ context, event }) => suggestionsFor(context, [], (event.error as CallFailure).displayText) }),
                },
              },
            },
          },
        },
        dialog: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'terms.opened': 'terms',
                // Not while Next is sending: the primary phone is part of what the notification setting is checked against.
                'phone.opened': { guard: and(['phoneChangeable', not(stateIn({ filling: { form: 'submitting' } }))]), target: 'phone' },
              },
            },
            /** Change Primary Phone: the numbers on file; a save makes the notification choices follow the new primary phone. */
            phone: {
              invoke: {
                id: 'phoneChange',
                src: 'phoneChange',
                onDone: {
                  target: 'closed',
                  actions: [
                    assign(({ context, event }) => {
                      const member = { ...context.member, patient: { ...context.member.patient, phone: event.output.primary } };
                      return { member, values: withNotification({ ...context, member }, context.values) };
                    }),
                    'focusPhoneChange',
                  ],
                },
              },
              on: { 'phone.closed': 'closed' },
            },
            terms: {
              on: {
                'terms.done': { target: 'closed', actions: assign({ values: ({ context }) => ({ ...context.values, privacy: { ...context.values.privacy, terms: true } }) }) },
                'terms.closed': 'closed',
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
