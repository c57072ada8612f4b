import { useSyncExternalStore, type ReactNode } from 'react';
import { Accordion, Disclosure } from '../ui/Disclosure.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { contact, memberPortalUrl } from '../content/contact.ts';
import { documentHref, documents } from '../content/documents.ts';
import { media } from '../ui/theme.css.ts';
import { useFlowExitClick } from './flowExit.tsx';
import * as styles from './footer.css.ts';

interface FooterLink {
  label: string;
  /** An app route, or an external address (member portal, PDF). */
  to?: '/GettingStarted' | '/providers' | '/AboutUs' | '/ContactUs';
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

const desktopQuery = typeof window === 'undefined' ? null : window.matchMedia(media.desktop);
function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      desktopQuery?.addEventListener('change', onChange);
      return () => desktopQuery?.removeEventListener('change', onChange);
    },
    () => desktopQuery?.matches ?? true,
  );
}

/** The shared footer: four columns (an accordion below 1024 px, one open at a time), legal links, address, copyright. */
export function Footer() {
  const isDesktop = useIsDesktop();
  const leaveTo = useFlowExitClick();
  const renderLinks = (links: readonly FooterLink[]): ReactNode => (
    <ul className={styles.list}>
      {links
        .filter((l) => isDesktop === false || !l.mobileOnly)
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
        {isDesktop ? (
          <div className={styles.columns}>
            {COLUMNS.map((c) => (
              <section key={c.title} aria-label={c.title}>
                <h2 className={styles.columnTitle}>{c.title}</h2>
                {renderLinks(c.links)}
              </section>
            ))}
          </div>
        ) : (
          <div className={styles.accordion}>
            <Accordion>
              {COLUMNS.map((c) => (
                <Disclosure key={c.title} id={c.title} title={c.title} level={2}>
                  {renderLinks(c.links)}
                </Disclosure>
              ))}
            </Accordion>
          </div>
        )}
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
