/**
 * Page 3, registration / missing information (member-transfer-flow.md
 * sections 2, 4 and 5): the banner with what is missing, the sections the
 * member is asked for (all of them when not registered), the agreements, the
 * optional caregiver note, then Back / Next / Cancel. It renders the
 * registration machine (machines/member/registrationMachine.ts), which the
 * member flow runs as its `registration` child; Next runs its submission
 * pipeline, and a failure lists every problem in the error banner, which
 * takes the focus.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { errorsOf, type registrationMachine } from '../../../machines/member/registrationMachine.ts';
import { missingGreeting, missingParts } from '../../../machines/member/rules/missingInfo.ts';
import { zipStatus } from '../../../machines/shared/rules/addressForm.ts';
import { errorEntries, partsNeeded, REGISTRATION_MESSAGES, type ErrorEntry } from '../../../machines/member/rules/registration.ts';
import { contact } from '../../content/contact.ts';
import { TermsOfUseText } from '../../content/TermsOfUseText.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Disclosure } from '../../ui/Disclosure.tsx';
import { ExternalLink } from '../../ui/Link.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import type { CardFieldChannel } from '../shared/cardFieldChannel.ts';
import { HealthListFields } from './HealthInfoFields.tsx';
import { REGISTRATION_BANNER_ID } from './registrationActors.ts';
import { PhoneModal, type PhoneChangeActor } from './PhoneModal.tsx';
import { ContactFields, NotificationFields } from './RegistrationContact.tsx';
import { fieldId, focusField, PartSection } from './RegistrationParts.tsx';
import { PrivacyFields } from './RegistrationPrivacy.tsx';
import { ShippingFields } from './RegistrationShipping.tsx';
import { PaymentFields } from './RegistrationPayment.tsx';
import * as styles from './registration.css.ts';
import * as memberStyles from './member.css.ts';

export type RegistrationActor = ActorRefFrom<typeof registrationMachine>;

export interface RegistrationStepProps {
  actor: RegistrationActor;
  /** The hosted card field's channel, the one the registration's actors tokenize through. */
  channel: CardFieldChannel;
  onBack: () => void;
  onCancel: () => void;
}

export function RegistrationStep({ actor, channel, onBack, onCancel }: RegistrationStepProps) {
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  useEffect(() => {
    channel.listen({
      state: (number) => actor.send({ type: 'cardNumber.changed', state: number }),
      blur: () => actor.send({ type: 'field.blurred', field: 'payment.cardNumber' }),
      submit: () => actor.send({ type: 'next.pressed' }),
    });
  }, [channel, actor]);

  const c = state.context;
  const parts = partsNeeded(c.member);
  const greeting = missingGreeting(c.member);
  const busy = state.matches({ filling: { form: 'submitting' } });
  // A failed call's line has no field; the others link to theirs.
  const entries: (ErrorEntry | { text: string; section: null; field: '' })[] = [
    ...c.failures.map((text) => ({ text, section: null, field: '' as const })),
    ...(c.nextPressed ? errorEntries(errorsOf(c)) : []),
  ];
  const problems = entries.filter((e, i) => entries.findIndex((o) => o.text === e.text) === i);
  const props = { c, send, busy };
  const field = state.matches({ filling: { field: 'ready' } }) ? 'ready' : state.matches({ filling: { field: 'unavailable' } }) ? 'unavailable' : 'opening';
  const common = (kind: 'allergies' | 'conditions') =>
    state.matches({ filling: { health: 'ready' } }) ? c.common[kind] : state.matches({ filling: { health: 'unavailable' } }) ? ('unavailable' as const) : ('loading' as const);
  const healthErrors = c.nextPressed ? errorsOf(c) : null;

  return (
    <>
      <StepHeading focusOnMount>Verification</StepHeading>
      {greeting && (
        <Alert tone="info" title={greeting}>
          <p>We need:</p>
          <ul className={memberStyles.missingList}>
            {missingParts(c.member).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
      {problems.length > 0 && (
        <div id={REGISTRATION_BANNER_ID} tabIndex={-1} className={styles.banner}>
          {/* Announced once when it appears, not again as its lines follow the typing. */}
          <Alert tone="error" title={REGISTRATION_MESSAGES.summary} announce="once" version={problems.map((p) => p.text).join('\n')}>
            <ul className={styles.list}>
              {problems.map((p) => (
                <li key={p.text}>
                  {p.section === null ? (
                    p.text
                  ) : (
                    // WCAG G139: each line is a link to its field; activating it puts the focus in that field.
                    <a
                      href={`#${fieldId(p.section, p.field || 'list')}`}
                      className={styles.problemLink}
                      onClick={(e) => {
                        e.preventDefault();
                        focusField(p.section, p.field);
                      }}
                    >
                      {p.text}
                    </a>
                  )}
                </li>
              ))}
            </ul>
            <p>{REGISTRATION_MESSAGES.stillProblem(contact.mailOrder.phone)}</p>
          </Alert>
        </div>
      )}
      <form
        aria-label="Registration"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'next.pressed' });
        }}
      >
        {(parts.shipping || parts.contact) && (
          <PartSection id="reg-shipping" title="Shipping and Contact Info">
            {parts.shipping && <ShippingFields {...props} zipLookup={{ status: zipStatus(state), retryable: state.can({ type: 'zip.retried' }) }} />}
            {parts.contact && <ContactFields {...props} />}
          </PartSection>
        )}
        {parts.payment && (
          <PartSection id="reg-payment" title="Payment Info">
            <PaymentFields {...props} field={field} channel={channel} />
          </PartSection>
        )}
        {parts.notification && (
          <PartSection id="reg-notification" title="Notification Preferences">
            <NotificationFields {...props} />
          </PartSection>
        )}
        {parts.health && (
          <PartSection id="reg-health" title="Health Info">
            {(['allergies', 'conditions'] as const).map((kind) => (
              <div key={kind} id={fieldId(kind, 'list')}>
                <HealthListFields
                  kind={kind}
                  list={c.values[kind]}
                  common={common(kind)}
                  suggestions={c.suggestions}
                  looking={state.matches({ filling: { lookup: 'looking' } })}
                  error={healthErrors?.[kind]}
                  busy={busy}
                  send={send}
                />
              </div>
            ))}
          </PartSection>
        )}
        <PartSection id="reg-privacy" title="Agree to Privacy and Terms of Use">
          <PrivacyFields {...props} privacyHref={<ExternalLink href="/PrivacyPolicy">Privacy Notice</ExternalLink>} />
        </PartSection>
        <div className={styles.section}>
          <Disclosure title="Designate a Caregiver (Optional)" level={3}>
            <p>
              A caregiver, such as a family member or a friend, can speak with us about your prescriptions and orders. To name one, call us
              toll-free at {contact.mailOrder.phone} (TTY dial {contact.mailOrder.tty}) and we will send you the form to sign.
            </p>
          </Disclosure>
        </div>
        <div className={memberStyles.actions}>
          <Button variant="secondary" onPress={onBack} isDisabled={busy}>
            Back
          </Button>
          <Button type="submit" isPending={busy}>
            {busy ? 'Saving…' : 'Next'}
          </Button>
          <Button variant="quiet" onPress={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
      <Modal
        isOpen={state.matches({ filling: { dialog: 'terms' } })}
        onOpenChange={(open) => !open && send({ type: 'terms.closed' })}
        title="Terms of Use"
        actions={<Button onPress={() => send({ type: 'terms.done' })}>I&apos;m Done</Button>}
      >
        <TermsOfUseText nested />
      </Modal>
      {state.matches({ filling: { dialog: 'phone' } }) && state.children.phoneChange && (
        <PhoneModal actor={state.children.phoneChange as PhoneChangeActor} onClose={() => send({ type: 'phone.closed' })} />
      )}
    </>
  );
}
