/**
 * The registration page machine's setup (registrationMachine.ts is its chart):
 * its types, the named actors src/ provides (`openField`, `lookupZip`,
 * `tokenizeCard`, `validateAddress`, `register`, `saveParts`,
 * `loadCommonLists`, `lookupHealth`; `phoneChange` is the review page's Change
 * Primary Phone machine), its actions (`storeRegistration`, `focusBanner`,
 * `focusPhoneChange` provided by src/) and its guards over the page's rules.
 */
import { assign, fromPromise, setup } from 'xstate';
import { phoneChangeMachine } from './phoneChangeMachine.ts';
import type { RegisterPatientRequest, RegisterPatientResult, ZipPlace } from '../contract.ts';
import { zipRetryable } from '../shared/rules/addressForm.ts';
import type { addressToValidate } from './rules/contactInfo.ts';
import { addressCheckable } from './rules/contactInfo.ts';
import { lookupRetryable, type HealthItem, type HealthKind } from './rules/healthInfo.ts';
import {
  hasErrors,
  needsCardToken,
  nothingMissing,
  partsNeeded,
  phoneChangeable,
  type CardToken,
  type TokenizeInput,
  type PartResult,
} from './rules/registration.ts';
import {
  addressKey,
  errorsOf,
  type AddressCheckResult,
  type CallFailure,
  type HealthLookupInput,
  type RegistrationContext,
  type RegistrationEvent,
  type RegistrationInput,
  type RegistrationOutput,
  type SavePartsInput,
} from './registrationContext.ts';

export const registrationSetup = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as RegistrationOutput,
  },
  actors: {
    openField: fromPromise<{ serviceUrl: string }>(async () => {
      throw new Error('openField is provided by src/');
    }),
    lookupZip: fromPromise<ZipPlace[], { zip: string }>(async () => {
      throw new Error('lookupZip is provided by src/');
    }),
    /**
     * The hosted field posts the number, the token comes back; `detected` is the type the number shows (the
     * tokenizer may not say). With `held`, only the token is fetched, under that session (TokenizeFailure.held).
     */
    tokenizeCard: fromPromise<CardToken, TokenizeInput>(async () => {
      throw new Error('tokenizeCard is provided by src/ (the hosted field, then the token)');
    }),
    validateAddress: fromPromise<AddressCheckResult, ReturnType<typeof addressToValidate>>(async () => {
      throw new Error('validateAddress is provided by src/');
    }),
    register: fromPromise<RegisterPatientResult, RegisterPatientRequest>(async () => {
      throw new Error('register is provided by src/');
    }),
    saveParts: fromPromise<PartResult[], SavePartsInput>(async () => {
      throw new Error('saveParts is provided by src/');
    }),
    /** The Change Primary Phone modal (the review page's machine): its output is the new primary phone. */
    phoneChange: phoneChangeMachine,
    /** GET /mmar/allergies/lookup?cat=common and GET /mmar/conditions/lookup?cat=common. */
    loadCommonLists: fromPromise<{ allergies: HealthItem[]; conditions: HealthItem[] }>(async () => {
      throw new Error('loadCommonLists is provided by src/');
    }),
    /** GET /mmar/{allergies|conditions}/lookup?searchText=…&noOfRecords=30. */
    lookupHealth: fromPromise<HealthItem[], HealthLookupInput>(async () => {
      throw new Error('lookupHealth is provided by src/');
    }),
  },
  actions: {
    storeRegistration: (_, _params: RegisterPatientResult) => {
      /* provided by src/: the new patient token replaces the verification's */
    },
    /** A failed call's text is the banner's one line. */
    showCallFailure: assign({ failures: ({ event }) => [((event as unknown as { error: CallFailure }).error).displayText] }),
    focusBanner: () => {
      /* provided by src/: the banner that lists what to fix takes the focus */
    },
    focusPhoneChange: () => {
      /* provided by src/: the Change Primary Phone button takes the focus back once the modal has saved */
    },
  },
  guards: {
    lookupFailed: ({ context }, params: { kind: HealthKind; id: number }) => lookupRetryable(context.suggestions, params.kind, params.id),
    zipFailed: ({ context }) => zipRetryable(context.zipProblem),
    nothingMissing: ({ context }) => nothingMissing(context.member),
    paymentAsked: ({ context }) => partsNeeded(context.member).payment,
    healthAsked: ({ context }) => partsNeeded(context.member).health,
    hasErrors: ({ context }) => hasErrors(errorsOf(context)),
    needsToken: ({ context }) => needsCardToken(context.member, context.values.payment) && context.token === null,
    needsAddressCheck: ({ context }) => partsNeeded(context.member).shipping && addressCheckable(context.values.shipping) && context.validAddress !== addressKey(context.values.shipping),
    unregistered: ({ context }) => context.member.patient.patientId === null,
    phoneChangeable: ({ context }) => phoneChangeable(context.member),
    allSaved: ({ event }) => (event as unknown as { output: PartResult[] }).output.every((r) => r.ok),
    addressValid: ({ event }) => (event as unknown as { output: AddressCheckResult }).output.addressIsValid,
  },
});
