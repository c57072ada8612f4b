/**
 * The profile calls shared by the registration page and the review page's
 * change modals (member-transfer-flow.md sections 3, 4 and 5): the health
 * lists (common lists, the lookup with count 30, adding entries), a phone's
 * POST or PUT, the email and the notification setting.
 */
import { fromPromise } from 'xstate';
import type { NotificationSave, PhoneSave, PhoneUpdate } from '../../../machines/contract.ts';
import { phoneChangeMachine } from '../../../machines/member/phoneChangeMachine.ts';
import { allergyEntries, conditionEntries, HEALTH_LOOKUP, type HealthItem, type HealthKind } from '../../../machines/member/rules/healthInfo.ts';
import { list, required, type GatewayClient } from '../../api/gateway.ts';

const allergyItem = (a: { allergyRefNum: string; allergyDesc: string }): HealthItem => ({ ref: a.allergyRefNum, desc: a.allergyDesc });
const conditionItem = (c: { diseaseRefNum: number; diseaseDesc: string }): HealthItem => ({ ref: c.diseaseRefNum, desc: c.diseaseDesc });

export function healthCalls({ client }: GatewayClient) {
  return {
    /** The common list of one kind (the none entry is left out by the machine). */
    common: async (kind: HealthKind): Promise<HealthItem[]> =>
      kind === 'allergies'
        ? (await list(client.GET('/gwapi/mmar/allergies/lookup', { params: { query: { cat: 'common' } } }))).map(allergyItem)
        : (await list(client.GET('/gwapi/mmar/conditions/lookup', { params: { query: { cat: 'common' } } }))).map(conditionItem),
    /** The lookup from 3 letters; a newer text stops the actor, whose signal drops the request. */
    lookup: async (kind: HealthKind, text: string, signal?: AbortSignal): Promise<HealthItem[]> => {
      const query = { searchText: text, noOfRecords: HEALTH_LOOKUP.count };
      return kind === 'allergies'
        ? (await list(client.GET('/gwapi/mmar/allergies/lookup', { params: { query }, signal }))).map(allergyItem)
        : (await list(client.GET('/gwapi/mmar/conditions/lookup', { params: { query }, signal }))).map(conditionItem);
    },
    /** Adds entries to the patient's list (new entries: seq -1, status 'A'). */
    add: (kind: HealthKind, items: readonly HealthItem[], patientId: number | null) =>
      kind === 'allergies'
        ? required(client.POST('/gwapi/mmar/patient/allergies', { body: allergyEntries(items) }))
        : required(client.POST('/gwapi/mmar/patient/patientconditions', { body: conditionEntries(items, patientId) })),
  };
}

/** A phone's save: POST a new one, PUT over one on file; the answer carries its id. */
export const savePhone = ({ client }: GatewayClient, call: { method: 'POST'; body: PhoneSave } | { method: 'PUT'; body: PhoneUpdate }) =>
  required(
    call.method === 'PUT'
      ? client.PUT('/gwapi/mmar/patient/patientcontact/phones', { body: call.body })
      : client.POST('/gwapi/mmar/patient/patientcontact/phones', { body: call.body }),
  );

/** The Change Primary Phone modal over the member's phones (the review page's and the registration page's). */
export const providePhoneChange = (gateway: GatewayClient) =>
  phoneChangeMachine.provide({
    actors: {
      loadPhones: fromPromise(() => list(gateway.client.GET('/gwapi/mmar/patient/phones'))),
      savePhone: fromPromise(({ input }) => savePhone(gateway, input)),
    },
  });

/** The notification setting: POST a first one, PATCH the one in force (its id). */
export const saveNotification = ({ client }: GatewayClient, call: { method: 'POST'; body: NotificationSave } | { method: 'PATCH'; body: NotificationSave & { id: number } }) =>
  required(call.method === 'PATCH' ? client.PATCH('/gwapi/mmar/Patients/Notification', { body: call.body }) : client.POST('/gwapi/mmar/Patients/Notification', { body: call.body }));

export const saveEmail = ({ client }: GatewayClient, email: string) => required(client.PUT('/gwapi/mmar/patient/emailaddresses', { body: { newEmailAddress: email } }));
