import type { ReactNode } from 'react';
import { ExternalLink } from '../ui/Link.tsx';
import { contact, telHref } from './contact.ts';
import * as styles from './contact.css.ts';

/** A phone number people can tap to call. */
export function Phone({ phone }: { phone: string }) {
  return (
    <span className={styles.nowrap}>
      <ExternalLink href={telHref(phone)} newTab={false}>
        {phone}
      </ExternalLink>
    </span>
  );
}

/** A fax number: shown, not linked (nobody dials a fax from a page). */
export function Fax({ fax }: { fax: string }) {
  return <span className={styles.nowrap}>{fax}</span>;
}

export function Email({ address }: { address: string }) {
  return (
    <ExternalLink href={`mailto:${address}`} newTab={false}>
      {address}
    </ExternalLink>
  );
}

/** The mail-order postal address, one line per part. */
export function MailingAddress() {
  return (
    <address className={styles.address}>
      {contact.mailAddress.map((line, i) => (
        <span key={line}>
          {line}
          {i < contact.mailAddress.length - 1 && <br />}
        </span>
      ))}
    </address>
  );
}

/** 'Call us at' (or the given lead-in), the mail-order phone and its TTY: the link flows' help line. */
export function CallUs({ children = 'Call us at' }: { children?: ReactNode }) {
  return (
    <>
      {children} <Phone phone={contact.mailOrder.phone} /> (TTY {contact.mailOrder.tty}).
    </>
  );
}
