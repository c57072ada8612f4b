import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { Grid, Cell } from '../ui/Grid.tsx';
import { Card } from '../ui/Card.tsx';
import { Alert } from '../ui/Alert.tsx';
import { Link } from '../ui/Link.tsx';
import { contact } from '../content/contact.ts';
import { Email, Fax, MailingAddress, Phone } from '../content/ContactDetails.tsx';

export const Route = createFileRoute('/ContactUs')({ component: ContactUs });

interface ContactLine {
  title: string;
  phone: string;
  tty?: string;
  hours: readonly string[];
  fax: string;
  email: string;
}

// Spec 2.9 gives "mail addresses for each line", but the placeholder table of
// the spec's README has a single mail-order address: both lines show it.
function ContactCard({ title, phone, tty, hours, fax, email }: ContactLine) {
  return (
    <Card title={title} level={3}>
      <p>
        <strong>Phone:</strong>{' '}
        <Phone phone={phone} />
        {tty && ` (TTY ${tty})`}
      </p>
      <p>
        <strong>Hours:</strong>
      </p>
      <ul>
        {hours.map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
      <p>
        <strong>Fax:</strong> <Fax fax={fax} />
      </p>
      <p>
        <strong>Email:</strong>{' '}
        <Email address={email} />
      </p>
      <p>
        <strong>Mail:</strong>
      </p>
      <MailingAddress />
    </Card>
  );
}

function ContactUs() {
  const { mailOrder, specialty } = contact;
  return (
    <Page title="Contact Us" intro="Call, fax, email or write to us. Choose the team that handles your medicine.">
      <Alert tone="warning" title="Please keep health information out of email" announce={false}>
        <p>
          Email is not a secure way to send personal health information. Please do not include details such as your
          medicines, conditions or prescription numbers in an email. Call us instead.
        </p>
      </Alert>

      <Section title="How to Reach Us">
        <Grid>
          <Cell span={6}>
            <ContactCard title="Mail Order Pharmacy" {...mailOrder} />
          </Cell>
          <Cell span={6}>
            <ContactCard title="Specialty Pharmacy" {...specialty} />
          </Cell>
          <Cell span={12}>
            <Prose>
              <p>We reply to email within two business days.</p>
            </Prose>
          </Cell>
        </Grid>
      </Section>

      <Section title="Urgent Needs and After Hours">
        <Prose>
          <p>
            Our pharmacists can be reached 24 hours a day, 7 days a week, 365 days a year. Outside business hours, call{' '}
            <Phone phone={mailOrder.phone} />{' '}
            (TTY {mailOrder.tty}) and press 4 to reach a pharmacist.
          </p>
          <p>
            If your need is urgent, a pharmacist returns your call within 1 hour. Messages that are not urgent are
            handled on the next business day.
          </p>
        </Prose>
      </Section>

      <Section title="Our Location">
        <Prose>
          <p>
            {SITE_NAME} is based in {contact.location}. Please send mail and prescriptions to the PO box shown above.
          </p>
          <p>
            Are you a prescriber? See <Link to="/providers">For Providers</Link> for how to send us prescriptions and
            specialty referrals.
          </p>
        </Prose>
      </Section>
    </Page>
  );
}
