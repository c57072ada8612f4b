import type { ReactNode } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { Grid, Cell } from '../ui/Grid.tsx';
import { Card } from '../ui/Card.tsx';
import type { IconName } from '../ui/Icon.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { contact } from '../content/contact.ts';
import { Phone } from '../content/ContactDetails.tsx';
import { documentHref, documents } from '../content/documents.ts';

export const Route = createFileRoute('/AboutUs')({ component: AboutUs });

interface Benefit {
  title: string;
  icon: IconName;
  text: string;
}

// The six maintenance and three specialty benefits of spec 1 and 2.8.
const MAINTENANCE_BENEFITS: readonly Benefit[] = [
  { title: 'Savings', icon: 'dollar', text: 'Depending on your plan, you may save on copays when you fill 90-day supplies by mail.' },
  { title: '90-Day Supply', icon: 'calendar', text: 'Each fill covers 90 days, so you reorder less often and are less likely to run out.' },
  { title: 'Delivery Anywhere in the US', icon: 'mapPin', text: 'We deliver your medicines to the address you choose, anywhere in the United States.' },
  { title: 'Free Standard Shipping', icon: 'truck', text: 'Standard shipping costs nothing. Expedited shipping is available for an extra fee.' },
  { title: 'Pharmacist Advice', icon: 'chat', text: 'Our pharmacists are available to answer your questions about your medicines.' },
  { title: 'Online Ordering', icon: 'user', text: 'Order refills, check your orders and manage your prescriptions online.' },
];

const SPECIALTY_BENEFITS: readonly Benefit[] = [
  { title: 'Specialty Care', icon: 'heart', text: 'Pharmacies that focus on specialty medicines and the support that comes with them.' },
  { title: 'Outreach Calls', icon: 'phone', text: 'The pharmacy filling your prescription calls you to arrange each delivery.' },
  { title: '24/7 Customer Service', icon: 'clock', text: 'Help is available any time, day or night, every day of the year.' },
];

// Spec 2.8 only says "content for clients": the text for plan sponsors is our
// own and makes no claims with numbers.
const CLIENT_BENEFITS: readonly Benefit[] = [
  { title: 'Cost Management', icon: 'dollar', text: 'Home delivery of 90-day supplies helps plans and members manage what they spend on maintenance medicines.' },
  { title: 'Member Experience', icon: 'heart', text: 'Members get free standard shipping, online ordering and pharmacists who answer their questions.' },
  { title: 'Reporting', icon: 'document', text: 'Clear reporting helps you understand how your members use their pharmacy benefit.' },
];

/** Benefit cards three to a row; what follows them sits in the grid too, so the gutter separates it. */
function BenefitCards({ benefits, children }: { benefits: readonly Benefit[]; children: ReactNode }) {
  return (
    <Grid>
      {benefits.map((b) => (
        <Cell key={b.title} span={4}>
          <Card title={b.title} icon={b.icon} level={3}>
            <p>{b.text}</p>
          </Card>
        </Cell>
      ))}
      <Cell span={12}>
        <Prose>{children}</Prose>
      </Cell>
    </Grid>
  );
}

function AboutUs() {
  const { specialty } = contact;
  return (
    <Page
      title="About Us"
      intro={`${SITE_NAME} delivers maintenance and specialty medicines to health plan members across the United States, on behalf of the employers and plans that sponsor their benefits.`}
    >
      <Section id="members" title="For Members">
        <Prose>
          <p>
            If you take a medicine regularly for an ongoing condition, home delivery saves you trips to the pharmacy.
            We fill your prescription with a 90-day supply and ship it to you.
          </p>
        </Prose>
        <BenefitCards benefits={MAINTENANCE_BENEFITS}>
          <p>
            <Link to="/GettingStarted" variant="primary">
              GET STARTED
            </Link>
          </p>
          <p>
            <ExternalLink href={documentHref(documents.mailOrderBrochure)}>
              {documents.mailOrderBrochure.title} (PDF)
            </ExternalLink>
          </p>
        </BenefitCards>
      </Section>

      <Section id="clients" title="For Clients">
        <Prose>
          <p>
            We work with employers, unions and health plans that offer a prescription benefit. Adding home delivery
            gives your members a convenient way to get the medicines they take every day, while helping you keep
            pharmacy costs in check.
          </p>
        </Prose>
        <BenefitCards benefits={CLIENT_BENEFITS}>
          <p>
            To find out how home delivery could work for your plan, <Link to="/ContactUs">contact us</Link>.
          </p>
        </BenefitCards>
      </Section>

      <Section id="specialty" title="Specialty Medicines">
        <Prose>
          <p>
            Specialty medicines are used for complex, long-term or rare conditions and often need special handling.
            Pharmacies in our specialty network fill them and stay in touch with you throughout your treatment.
          </p>
        </Prose>
        <BenefitCards benefits={SPECIALTY_BENEFITS}>
          <p>
            Call our specialty pharmacy at{' '}
            <Phone phone={specialty.phone} />
            , or read the{' '}
            <ExternalLink href={documentHref(documents.specialtyBrochure)}>
              {documents.specialtyBrochure.title} (PDF)
            </ExternalLink>
            . Prescribers can find referral details on the{' '}
            <Link to="/providers" hash="specialty">
              For Providers
            </Link>{' '}
            page.
          </p>
        </BenefitCards>
      </Section>
    </Page>
  );
}
