import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { ExternalLink } from '../ui/Link.tsx';
import { contact } from '../content/contact.ts';
import { Email, Fax, MailingAddress, Phone } from '../content/ContactDetails.tsx';
import { documentHref, documents } from '../content/documents.ts';

export const Route = createFileRoute('/accessibility')({ component: Accessibility });

// Not in the specification: its site map and footer carry an Accessibility link
// that leads nowhere (spec 2.3, 2.13). The portal gives it a real statement.
// The two-business-day reply is the email reply time of spec 9.
function Accessibility() {
  const { mailOrder } = contact;
  const phone = (
    <>
      <Phone phone={mailOrder.phone} />{' '}
      (TTY {mailOrder.tty})
    </>
  );
  const email = <Email address={mailOrder.email} />;
  const orderForm = documents.orderForm;

  return (
    <Page
      title="Accessibility"
      intro={`${SITE_NAME} wants everyone, including people with disabilities, to be able to use this website and get their medicines.`}
    >
      <Section title="Our Commitment">
        <Prose>
          <p>
            We aim for this website to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at Level AA. These
            guidelines explain how to make web content easier to use for people with a wide range of disabilities,
            including people who are blind or have low vision, are deaf or hard of hearing, or have limited movement
            or cognitive disabilities. Accessibility is an ongoing effort: we check new pages and changes as we make
            them.
          </p>
        </Prose>
      </Section>

      <Section title="What We Have Done">
        <Prose>
          <ul>
            <li>
              <strong>Keyboard:</strong> links, buttons, menus and forms are built to work with a keyboard alone, and
              a &quot;skip to main content&quot; link is the first stop on every page.
            </li>
            <li>
              <strong>Screen readers:</strong> pages use headings, landmarks and labeled form fields, links say where
              they go, and links that open a new tab say so.
            </li>
            <li>
              <strong>Focus:</strong> the item in focus is always clearly outlined, and when you move to a new page,
              focus moves to its main heading.
            </li>
            <li>
              <strong>Contrast:</strong> text and controls are designed to meet the WCAG AA contrast levels, and we
              do not rely on color alone to convey information.
            </li>
            <li>
              <strong>Text resize:</strong> you can enlarge text up to 200 percent, or zoom in, without losing content
              or having to scroll sideways.
            </li>
            <li>
              <strong>Testing:</strong> our pages are checked with the axe automated accessibility engine as part of
              our regular testing, and reviewed by hand with a keyboard.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section title="Known Limitations">
        <Prose>
          <ul>
            <li>
              Some downloadable PDF documents, such as forms and brochures, may not be fully tagged for screen
              readers. If you cannot use one of them, call us and we will help you with its content.
            </li>
            <li>
              Links to other websites, such as government health agencies, lead to pages we do not control, and
              their accessibility may differ from ours. The member sign-in portal is a separate website that this
              statement does not cover.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section title="Get Help or Report a Barrier">
        <Prose>
          <p>
            If something on this website is hard to use or does not work with your assistive technology, please tell
            us. We will help you get what you need, and your report helps us fix the problem.
          </p>
          <ul>
            <li>Phone: {phone}</li>
            <li>Email: {email}</li>
          </ul>
          <p>Our phone lines are open:</p>
          <ul>
            {mailOrder.hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            When you write, it helps to tell us the page you were on, what you were trying to do and, if you like,
            the browser and assistive technology you use. We reply to email within two business days. Please do not
            include personal health information in email.
          </p>
        </Prose>
      </Section>

      <Section title="Other Ways to Order">
        <Prose>
          <p>You do not need this website to use our pharmacy.</p>
          <ul>
            <li>
              <strong>By phone:</strong> call {phone} and a representative can help you transfer prescriptions,
              order refills and update your information.
            </li>
            <li>
              <strong>By mail:</strong> send your new prescriptions with a completed{' '}
              <ExternalLink href={documentHref(orderForm)}>{orderForm.title} (PDF)</ExternalLink> to the address
              below.
            </li>
            <li>
              <strong>From your doctor:</strong> your doctor can send a prescription to us electronically or by fax
              to <Fax fax={mailOrder.fax} />.
            </li>
          </ul>
          <MailingAddress />
        </Prose>
      </Section>
    </Page>
  );
}
