/**
 * The review page's payment card modal (member-transfer-flow.md sections 2,
 * 4, 5 and 8): List, Add and Edit over the cards on file
 * (savedListChangeMachine). Select makes a card the default one (not the one
 * that already is, nor one whose expiry has passed: it shows 'EXPIRED' with
 * its date); Add and Edit open the card form (cardFormMachine, run by the
 * view: a new card's number goes through the hosted field to the tokenizer;
 * an edited card keeps its number and its token, and its names, expiry, FSA
 * and default can change).
 */
import type { PaymentCard } from '../contract.ts';
import type { SavedCardInput } from '../shared/cardFormMachine.ts';
import { cardExpired, savedCardInput } from '../shared/rules/cardForm.ts';
import { savedListChangeMachine, type SavedListContext } from './savedListChangeMachine.ts';

export type PaymentChangeContext = SavedListContext<PaymentCard>;

export const paymentChangeMachine = savedListChangeMachine<PaymentCard, 'payment'>({
  id: 'paymentChange',
  part: 'payment',
  idOf: (c) => c.cardSeqNum,
  shown: (c) => c.cardActive !== false,
  // Select saves the card as it is, so it needs what an edit needs (its token and type).
  selectable: (c, today) => !c.defaultCard && !cardExpired(c, today) && savedCardInput(c) !== null,
  editable: (c) => savedCardInput(c) !== null,
});

/** What the card form is given on review: the card edited (its number stays), or null for a new card. */
export const cardFormInputOf = (c: PaymentChangeContext): { editing: SavedCardInput | null } => ({ editing: c.editing ? savedCardInput(c.editing) : null });
