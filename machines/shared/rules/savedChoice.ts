/**
 * Which saved address and card an order uses (link-flows-and-public-pages.md
 * sections 4 and 5): the one chosen, else the default, else the newest. Easy
 * Fill's steps and the member flow's review page use the same rule.
 */
import type { Address, PaymentCard } from '../../contract.ts';

/** Shipping: the chosen address, else the active default shipping address, else the active address with the highest id. */
export function shippingAddress(addresses: readonly Address[], chosenId: number | null): Address | null {
  const chosen = addresses.find((a) => a.addressId === chosenId);
  if (chosen) return chosen;
  const active = addresses.filter((a) => a.active);
  return active.find((a) => a.defaultShipping) ?? active.reduce<Address | null>((best, a) => (!best || a.addressId > best.addressId ? a : best), null);
}

/** Payment: the chosen card, else the default card, else the card with the highest sequence number. */
export function paymentCard(cards: readonly PaymentCard[], chosenSeq: number | null): PaymentCard | null {
  return (
    cards.find((c) => c.cardSeqNum === chosenSeq) ??
    cards.find((c) => c.defaultCard) ??
    cards.reduce<PaymentCard | null>((best, c) => (!best || c.cardSeqNum > best.cardSeqNum ? c : best), null)
  );
}
