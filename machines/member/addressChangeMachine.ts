/**
 * The review page's shipping address modal (member-transfer-flow.md sections
 * 2, 4 and 5): List, Add and Edit over the addresses on file
 * (savedListChangeMachine). Select posts one as the default shipping address
 * (not the one that already is); Add and Edit open the address form
 * (addressFormMachine, run by the view as in Easy Fill, with the review
 * modal's messages and no duplicate of an address on file).
 */
import type { Address } from '../contract.ts';
import { addressValuesOf, type AddressOnFile, type AddressValues } from '../shared/rules/addressForm.ts';
import { savedListChangeMachine, type SavedListContext } from './savedListChangeMachine.ts';

export type AddressChangeContext = SavedListContext<Address>;

export const addressChangeMachine = savedListChangeMachine<Address, 'address'>({
  id: 'addressChange',
  part: 'address',
  idOf: (a) => a.addressId,
  shown: (a) => a.active,
  selectable: (a) => !a.defaultShipping,
});

/** What the address form is given: the address edited and those it must not duplicate. */
export const formInputOf = (c: AddressChangeContext): { editing: { addressId: number; values: AddressValues } | null; others: AddressOnFile[] } => ({
  editing: c.editing ? { addressId: c.editing.addressId, values: addressValuesOf(c.editing) } : null,
  others: c.items.map((a) => ({ addressId: a.addressId, line1: a.address1, zip: a.zipCode })),
});
