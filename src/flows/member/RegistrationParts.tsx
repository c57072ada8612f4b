/**
 * What the registration page's sections share (member-transfer-flow.md
 * sections 2, 3 and 5): their props (the registration machine's context and
 * its send), a field's id, putting the focus in a field from the banner, the
 * titled section, and a field left. The sections have files of their own:
 * RegistrationShipping.tsx, RegistrationContact.tsx (contact and notification
 * preferences), RegistrationPayment.tsx, HealthInfoFields.tsx and
 * RegistrationPrivacy.tsx (the agreements). Each renders the machine's context
 * and sends it what the person does; every rule comes from
 * machines/member/rules through the machine's selectors.
 */
import { type ReactNode } from 'react';
import { type RegistrationContext, type RegistrationEvent } from '../../../machines/member/registrationMachine.ts';
import * as styles from './registration.css.ts';

export interface PartProps {
  c: RegistrationContext;
  send: (event: RegistrationEvent) => void;
  /** The page is being submitted: the fields wait. */
  busy: boolean;
}

/** The id of a field, for labels and the focus: `reg-shipping-line1`. */
export const fieldId = (section: string, field: string) => `reg-${section}-${field}`;

/** Where a field's error sends the focus when its own id names no focusable element (a value shown, not typed). */
const FOCUS_TARGETS: Record<string, string[]> = {
  'shipping.city': ['shipping-city', 'shipping-zip'],
  'shipping.state': ['shipping-zip'],
  'payment.month': ['payment-expiry-month'],
  'payment.year': ['payment-expiry-year'],
  'allergies.': ['allergies-list'],
  'conditions.': ['conditions-list'],
};

const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), iframe, button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Puts the focus in a field of the page (the banner's links): the element with its id, or the
 * first focusable one inside it (a radio group's checked or first choice, a list's first box).
 */
export function focusField(section: string, field: string): void {
  const ids = FOCUS_TARGETS[`${section}.${field}`] ?? [`${section}-${field}`];
  for (const id of ids) {
    const element = document.getElementById(`reg-${id}`);
    if (!element) continue;
    const target = element.matches(FOCUSABLE) ? element : (element.querySelector<HTMLElement>('input:checked:not([disabled])') ?? element.querySelector<HTMLElement>(FOCUSABLE));
    if (target) {
      target.focus();
      return;
    }
  }
}

/** A titled section of the page. */
export function PartSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A field left: its error shows from now on. */
export const blurred = (send: PartProps['send'], field: string) => () => send({ type: 'field.blurred', field });
