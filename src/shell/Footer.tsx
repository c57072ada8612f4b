import type { ReactNode } from 'react';
import { Accordion, Disclosure } from '../ui/Disclosure.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { contact, memberPortalUrl } from '../content/contact.ts';
import { documentHref, documents } from '../content/documents.ts';
import { useFlowExitClick } from './flowExit.tsx';
import * as styles from './footer.css.ts';

interface FooterLink {
  label: string;
  /** An app route, or an external address (member portal, PDF). */
  to?: '/GettingStarted' | '/providers' | '/AboutUs' | '/ContactUs' | '/orderStatus';
  hash?: string;
  href?: string;
  /** Shown in the collapsed (mobile) variant only, as the spec has it. */
  mobileOnly?: boolean;
}

const COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'FOR OUR MEMBERS',
    links: [
      { label: 'Get Started with Mail Order', to: '/GettingStarted' },
      // Ours: the public check (order number, date of birth, zip), for every member, signed in or not.
      { label: 'Check Order Status', to: '/orderStatus' },
      { label: 'Create an Account', href: memberPortalUrl },
    ],
  },
  {
    title: 'FOR OUR PROVIDERS',
    links: [
      { label: 'Specialty for Providers', to: '/providers', hash: 'specialty' },
      { label: 'Mail Order for Providers', to: '/providers', hash: 'maintenance', mobileOnly: true },
    ],
  },
  { title: 'COMPANY', links: [{ label: 'About Us', to: '/AboutUs' }] },
  { title: 'NEED MORE HELP?', links: [{ label: 'Contact Us', to: '/ContactUs' }] },
];

/**
 * The shared footer: four columns (an accordion below 1024 px, one open at a
 * time), legal links, address, copyright. Both forms are in the page and the
 * stylesheet shows the one that fits the screen: the HTML is the same for
 * every screen, so the server's and the browser's first render agree, and a
 * resize or rotation switches without script. The hidden form is
 * `display: none`, out of the accessibility tree and the Tab order.
 */
export function Footer() {
  const leaveTo = useFlowExitClick();
  const renderLinks = (links: readonly FooterLink[], desktop: boolean): ReactNode => (
    <ul className={styles.list}>
      {links
        .filter((l) => !desktop || !l.mobileOnly)
        .map((l) => (
          <li key={l.label}>
            {l.to ? (
              <Link to={l.to} hash={l.hash} activeOptions={{ includeHash: true }} variant="inverse" onClick={leaveTo(l.to)}>
                {l.label}
              </Link>
            ) : (
              <ExternalLink href={l.href!} variant="inverse">
                {l.label}
              </ExternalLink>
            )}
          </li>
        ))}
    </ul>
  );

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          {COLUMNS.map((c) => (
            <section key={c.title} aria-label={c.title}>
              <h2 className={styles.columnTitle}>{c.title}</h2>
              {renderLinks(c.links, true)}
            </section>
          ))}
        </div>
        <div className={styles.accordion}>
          <Accordion>
            {COLUMNS.map((c) => (
              <Disclosure key={c.title} id={c.title} title={c.title} level={2}>
                {renderLinks(c.links, false)}
              </Disclosure>
            ))}
          </Accordion>
        </div>
        <ul className={styles.bottom} aria-label="Legal and site information">
          <li>
            <Link to="/PrivacyPolicy" variant="inverse" onClick={leaveTo('/PrivacyPolicy')}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <ExternalLink href={documentHref(documents.privacyNotice)} variant="inverse">
              Privacy Notice
            </ExternalLink>
          </li>
          <li>
            <Link to="/TermsOfUse" variant="inverse" onClick={leaveTo('/TermsOfUse')}>
              Terms of Use
            </Link>
          </li>
          <li>
            <Link to="/disclaimer" variant="inverse" onClick={leaveTo('/disclaimer')}>
              Disclaimer
            </Link>
          </li>
          <li>
            <ExternalLink href={documentHref(documents.languageAssistance)} variant="inverse">
              Language Assistance Services
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={documentHref(documents.nonDiscrimination)} variant="inverse">
              Notice of Non-Discrimination
            </ExternalLink>
          </li>
          <li>
            <Link to="/accessibility" variant="inverse" onClick={leaveTo('/accessibility')}>
              Accessibility
            </Link>
          </li>
          <li>
            <Link to="/PreLoginSiteMap" variant="inverse" onClick={leaveTo('/PreLoginSiteMap')}>
              Site Map
            </Link>
          </li>
        </ul>
        <address className={styles.address}>{contact.mailAddress.join(', ')}</address>
        <p className={styles.copyright}>
          © {contact.copyrightYear} {contact.mailAddress[0]}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
