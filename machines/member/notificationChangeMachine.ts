/**
 * The review page's notification modal (member-transfer-flow.md sections 2,
 * 4, 5 and 6): Automated Call, SMS Text, Email or None, with the time zone
 * call and text need, and the add/edit email modal inside it. Choosing marks
 * the form changed; Update is gated until the choice is valid (a time zone for
 * call and text) and opens the confirmation, whose
 * 'Yes, Update' saves the setting; a changed email is saved after a
 * successful notification change. A failure keeps every choice and says why;
 * Update again sends only what is not saved yet.
 *
 * Side effects are named: the actors `saveNotification` and `saveEmail`.
 * Closing the modal belongs to the review machine (it stops this one).
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { NotificationSetting, PhoneRecord } from '../contract.ts';
import { emailError, phoneDigits } from './rules/contactInfo.ts';
import { keepAvailable, notificationErrors, type NotificationContact, type NotificationValues } from './rules/notifications.ts';
import { emailSavable, NOT_YET, notificationValuesOf, sameNotification } from './rules/profileChanges.ts';
import type { CallFailure } from '../shared/rules/calls.ts';

export interface NotificationChangeInput {
  patientId: number;
  /** The primary phone on file: call and text go to it. */
  phone: PhoneRecord | null;
  email: string | null;
  isPartD: boolean;
  /** The shipping state on file (None is refused in California). */
  state: string | null;
}


export interface NotificationChangeContext extends NotificationChangeInput {
  /** The setting in force, read when the modal opens (null: none yet). */
  setting: NotificationSetting | null;
  loadError: string | null;
  values: NotificationValues;
  /** The email the member gave in the email modal (saved after the setting), or the one on file. */
  newEmail: string | null;
  /** The email modal's text. */
  emailDraft: string;
  submitted: boolean;
  /** The setting is saved (a retry after a failed email sends the email only). */
  settingSaved: boolean;
  failure: string | null;
}

export type NotificationChangeEvent =
  | { type: 'setting.retried' }
  | { type: 'notification.changed'; values: Partial<NotificationValues> }
  | { type: 'update.pressed' }
  /** Update pressed while it cannot be (its gate said why): the fields show their errors. */
  | { type: 'update.refused' }
  | { type: 'update.confirmed' }
  | { type: 'update.dismissed' }
  | { type: 'email.opened' }
  | { type: 'email.typed'; text: string }
  | { type: 'email.saved' }
  | { type: 'email.dismissed' };

/** What the choices depend on: the primary phone on file, the email (the new one once given), the plan and the state. */
export const notificationContactOf = (c: NotificationChangeContext): NotificationContact => ({
  phoneValid: c.phone !== null && phoneDigits(`${c.phone.areaCode}${c.phone.phoneNumber}`) !== null,
  phoneType: c.phone?.phoneType ?? null,
  emailValid: Boolean(c.newEmail ?? c.email) && !emailError(c.newEmail ?? c.email ?? ''),
  isPartD: c.isPartD,
  state: c.state,
});

export const notificationChangeErrors = (c: NotificationChangeContext) => notificationErrors(c.values, notificationContactOf(c));
const emailChanged = (c: NotificationChangeContext) => c.newEmail !== null && c.newEmail !== c.email;
/** Something differs from what is on file: the choice or the email. */
export const notificationChangePending = (c: NotificationChangeContext) => !sameNotification(c.values, notificationValuesOf(c.setting)) || emailChanged(c);

/**
 * Why Update cannot be pressed yet (section 5: "Update stays disabled unless the choice has a valid contact
 * (plus a time zone for call or text) or is none"; section 4: and until something changed). Empty: it can.
 */
export function notificationUpdateMissing(c: NotificationChangeContext): string[] {
  if (!notificationChangePending(c)) return [NOT_YET.notifications];
  const errors = notificationChangeErrors(c);
  return [errors.choice, errors.timeZone].filter((e): e is string => e !== undefined);
}

export const notificationChangeMachine = setup({
  types: {
    context: {} as NotificationChangeContext,
    events: {} as NotificationChangeEvent,
    input: {} as NotificationChangeInput,
    output: {} as { part: 'notifications' },
  },
  actors: {
    loadSetting: fromPromise<NotificationSetting | null>(async () => {
      throw new Error('loadSetting is provided by src/');
    }),
    /** src/ sends notificationChangeCall when Yes, Update is pressed. */
    saveNotification: fromPromise<unknown, { values: NotificationValues; patientId: number; setting: NotificationSetting | null }>(async () => {
      throw new Error('saveNotification is provided by src/');
    }),
    saveEmail: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('saveEmail is provided by src/');
    }),
  },
  guards: {
    changed: ({ context }) => notificationChangePending(context),
    valid: ({ context }) => Object.keys(notificationChangeErrors(context)).length === 0,
    emailSavable: ({ context }) => emailSavable(context.emailDraft, context.newEmail ?? context.email),
    settingSaved: ({ context }) => context.settingSaved,
    emailChanged: ({ context }) => emailChanged(context),
  },
}).createMachine({
  id: 'notificationChange',
  context: ({ input }) => ({
    ...input,
    setting: null,
    loadError: null,
    values: notificationValuesOf(null),
    newEmail: null,
    emailDraft: input.email ?? '',
    submitted: false,
    settingSaved: false,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSetting',
        src: 'loadSetting',
        onDone: { target: 'editing', actions: assign({ setting: ({ event }) => event.output, values: ({ event }) => notificationValuesOf(event.output), loadError: null }) },
        onError: { target: 'unavailable', actions: assign({ loadError: ({ event }) => (event.error as CallFailure).displayText }) },
      },
    },
    unavailable: { on: { 'setting.retried': 'loading' } },
    editing: {
      on: {
        'notification.changed': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, ...event.values };
            // A choice other than call or text needs no time zone.
            return { values: keepAvailable(values, notificationContactOf({ ...context, values })), settingSaved: false };
          }),
        },
        // A gated Update (section 5): it goes only with a change and a valid choice; a press before that shows why.
        'update.pressed': { guard: and(['changed', 'valid']), target: 'confirming', actions: assign({ submitted: true, failure: null }) },
        'update.refused': { guard: and(['changed', not('valid')]), actions: assign({ submitted: true }) },
        'email.opened': { target: 'email', actions: assign({ emailDraft: ({ context }) => context.newEmail ?? context.email ?? '' }) },
      },
    },
    /** The add/edit email modal: Save once the email is valid and new. */
    email: {
      on: {
        'email.typed': { actions: assign({ emailDraft: ({ event }) => event.text }) },
        'email.saved': { guard: 'emailSavable', target: 'editing', actions: assign({ newEmail: ({ context }) => context.emailDraft.trim() }) },
        'email.dismissed': 'editing',
      },
    },
    confirming: {
      on: {
        'update.confirmed': 'saving',
        'update.dismissed': 'editing',
      },
    },
    saving: {
      tags: ['pending'],
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'settingSaved', target: 'email' }, { target: 'setting' }] },
        setting: {
          invoke: {
            id: 'saveNotification',
            src: 'saveNotification',
            input: ({ context }) => ({ values: context.values, patientId: context.patientId, setting: context.setting }),
            onDone: { target: 'email', actions: assign({ settingSaved: true }) },
            onError: { target: '#notificationChange.editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
          },
        },
        email: {
          always: { guard: not('emailChanged'), target: '#notificationChange.saved' },
          invoke: {
            id: 'saveEmail',
            src: 'saveEmail',
            input: ({ context }) => ({ email: context.newEmail! }),
            onDone: '#notificationChange.saved',
            onError: { target: '#notificationChange.editing', actions: assign({ failure: ({ event }) => (event.error as CallFailure).displayText }) },
          },
        },
      },
    },
    saved: { type: 'final' },
  },
  output: () => ({ part: 'notifications' as const }),
});
