import { Page, Prose } from '../ui/Page.tsx';
import { ExternalLink } from '../ui/Link.tsx';
import { contact, telHref } from '../content/contact.ts';

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
          <ExternalLink href={telHref(contact.mailOrder.phone)} newTab={false}>
            {contact.mailOrder.phone}
          </ExternalLink>{' '}
          (TTY {contact.mailOrder.tty}) and we will take care of it with you.
        </p>
      </Prose>
    </Page>
  );
}
