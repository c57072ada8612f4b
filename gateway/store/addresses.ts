/**
 * Patient addresses, shared by the member calls (/mmar/Addresses) and the Easy
 * Fill calls (/easyfill/addresses).
 */
import type { components } from '../../src/api/gateway.gen.ts';
import { prepareStatement, type Db } from '../db/database.ts';
import type { AddressesTable } from '../db/schema.ts';
import { CompiledQuery, sql, type Selectable } from 'kysely';
import { GatewayError, conflict } from '../errors.ts';
import { ownedBy } from '../handlers/scope.ts';
import { checkAddress } from '../reference/zip.ts';
import { lockPatient } from './locks.ts';
import type { RevocationFold } from './sessions.ts';

type Address = components['schemas']['Address'];
type AddressSave = components['schemas']['AddressSave'];

export const ADDRESS_TYPE_DESC: Record<number, string> = {
  1: 'HOME', 2: 'PRIMARY OFFICE', 3: 'SCHOOL', 4: 'VACATION', 5: 'TEMPORARY',
  6: 'CORPORATE', 7: 'BILLING/COLLECTION', 8: 'CUSTOMER SERVICE', 9: 'ALTERNATE',
};

export function addressOut(a: Omit<Selectable<AddressesTable>, 'patientId'>): Address {
  return {
    addressId: a.addressId,
    addressType: { addressTypeId: a.addressTypeId, addressTypeDesc: ADDRESS_TYPE_DESC[a.addressTypeId] ?? 'HOME' },
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    startDate: a.startDate,
    endDate: a.endDate,
    active: a.active,
    defaultShipping: a.defaultShipping,
    defaultBilling: a.defaultBilling,
  };
}

/** The columns an answer is made of (`addressOut`), named: never `*` in a prepared statement (db/database.ts). */
const ADDRESS_COLUMNS = [
  'addresses.addressId', 'addresses.addressTypeId', 'addresses.address1', 'addresses.address2', 'addresses.city', 'addresses.state',
  'addresses.zipCode', 'addresses.startDate', 'addresses.endDate', 'addresses.active', 'addresses.defaultShipping', 'addresses.defaultBilling',
] as const;

/**
 * A query's SQL text, compiled once per database (Kysely builds and compiles a
 * query anew on every call otherwise: on PGlite, a tenth of the list's CPU,
 * `npm run load`). `build` compiles it with stand-in parameters, checked to be
 * the compiled query's parameters in order, so the text takes the real ones;
 * `compiled` sees the text once.
 */
function compiledOnce(cache: WeakMap<Db, string>, db: Db, build: () => CompiledQuery, standIns: unknown[], compiled?: (text: string) => void): string {
  let text = cache.get(db);
  if (text === undefined) {
    const query = build();
    if (query.parameters.length !== standIns.length || query.parameters.some((p, i) => p !== standIns[i])) {
      throw new Error('listAddresses: unexpected parameters of the compiled query');
    }
    text = query.sql;
    compiled?.(text);
    cache.set(db, text);
  }
  return text;
}

const SESSION = '\u0000session', PATIENT = -1;

/**
 * The address list with the revocation lookup, run as a named prepared
 * statement on PostgreSQL (db/database.ts `prepareStatement`): its parameters
 * are the session id, then the patient.
 */
const listWithRevocation = new WeakMap<Db, string>();
const listWithRevocationSql = (db: Db) =>
  compiledOnce(listWithRevocation, db, () => db
    .selectFrom(sql<{ revoked: boolean }>`(select exists (select from revoked_sessions where session_id = ${SESSION}) as revoked)`.as('session'))
    .leftJoin('addresses', (join) => join.on('addresses.patientId', '=', PATIENT))
    .select('session.revoked')
    .select(ADDRESS_COLUMNS)
    .orderBy('addresses.addressId')
    .compile(), [SESSION, PATIENT], (text) => prepareStatement('mop_list_addresses_v1', text));

/** The address list alone (PGlite, whose revocation lookup makes no query: store/sessions.ts); its parameter is the patient. */
const plainList = new WeakMap<Db, string>();
const plainListSql = (db: Db) =>
  compiledOnce(plainList, db, () => db.selectFrom('addresses').select(ADDRESS_COLUMNS).where('patientId', '=', PATIENT).orderBy('addressId').compile(), [PATIENT]);

type AddressRow = Omit<Selectable<AddressesTable>, 'patientId'>;

/**
 * The patient's addresses. With `revocation` (auth/security.ts `RevocationCheck`),
 * the same statement also looks the token's session up among the revoked ones:
 * one round trip instead of two. Its one row without an address (a left join)
 * still carries the answer when the patient has none.
 */
export async function listAddresses(db: Db, patientId: number, revocation?: RevocationFold): Promise<Address[]> {
  if (!revocation) {
    const { rows } = await db.executeQuery<AddressRow>(CompiledQuery.raw(plainListSql(db), [patientId]));
    return rows.map(addressOut);
  }
  const { rows } = await db.executeQuery<{ revoked: boolean } & (AddressRow | { [K in keyof AddressRow]: null })>(
    CompiledQuery.raw(listWithRevocationSql(db), [revocation.sessionId, patientId]),
  );
  revocation.settle(rows[0]!.revoked);
  return rows.flatMap((row) => (row.addressId === null ? [] : [addressOut(row as AddressRow)]));
}

const firstWord = (street: string) => street.trim().split(/\s+/)[0]?.toLowerCase() ?? '';

/**
 * Adds (no addressId) or updates an address. The street must fit the zip, city
 * and state ('Zip code OFF' otherwise); a second address with the same zip and
 * the same first word of the street is refused; a temporary address needs both
 * dates, in order. A default shipping or billing address replaces the old one.
 */
export async function saveAddress(db: Db, patientId: number, input: AddressSave, addressId?: number): Promise<number> {
  const check = checkAddress({ address1: input.addressLine1, zipCode: input.zip, city: input.city, state: input.state });
  if (!check.addressIsValid) throw new GatewayError(422, check.message);
  if (input.addressType === 5) {
    if (!input.startDate || !input.endDate) throw new GatewayError(422, 'Start Date and End date are required.');
    if (input.endDate <= input.startDate) throw new GatewayError(422, 'End date must be greater than Start date.');
  }
  return db.transaction().execute(async (tx) => {
    await lockPatient(tx, patientId);
    if (addressId !== undefined) {
      ownedBy(await tx.selectFrom('addresses').selectAll().where('addressId', '=', addressId).executeTakeFirst(), patientId, 'Address');
    }
    const others = await tx.selectFrom('addresses').selectAll().where('patientId', '=', patientId).execute();
    if (others.some((a) => a.addressId !== addressId && a.zipCode === input.zip && firstWord(a.address1) === firstWord(input.addressLine1))) {
      throw conflict('Address already exists.');
    }
    if (input.isDefaultShipping) await tx.updateTable('addresses').set({ defaultShipping: false }).where('patientId', '=', patientId).execute();
    if (input.isDefaultBilling) await tx.updateTable('addresses').set({ defaultBilling: false }).where('patientId', '=', patientId).execute();
    const values = {
      patientId,
      addressTypeId: input.addressType,
      address1: input.addressLine1.trim(),
      address2: input.addressLine2?.trim() || null,
      city: input.city.trim(),
      state: input.state,
      zipCode: input.zip,
      startDate: input.addressType === 5 ? (input.startDate ?? null) : null,
      endDate: input.addressType === 5 ? (input.endDate ?? null) : null,
      active: true,
      defaultShipping: input.isDefaultShipping,
      defaultBilling: input.isDefaultBilling,
    };
    if (addressId !== undefined) {
      await tx.updateTable('addresses').set(values).where('addressId', '=', addressId).execute();
      return addressId;
    }
    const row = await tx.insertInto('addresses').values(values).returning('addressId').executeTakeFirstOrThrow();
    return row.addressId;
  });
}
