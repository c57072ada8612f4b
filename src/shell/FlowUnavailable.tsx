import { Page, Prose } from '../ui/Page.tsx';
import { contact } from '../content/contact.ts';
import { Phone } from '../content/ContactDetails.tsx';

/**
 * Holds a flow's route until its statechart and views land (the member
 * transfer flow, Easy Fill, Auto Refill: later issues). It tells the person
 * how to do the same thing by phone instead of showing a broken page.
 */
export function FlowUnavailable({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Prose>
        <p>This online service is not available yet.</p>
        <p>
          Call us at{' '}
          <Phone phone={contact.mailOrder.phone} />{' '}
          (TTY {contact.mailOrder.tty}) and we will take care of it with you.
        </p>
      </Prose>
    </Page>
  );
}
