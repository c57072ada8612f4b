import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Page, Prose, Section } from '../ui/Page.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../ui/Tabs.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { Grid, Cell } from '../ui/Grid.tsx';
import { Card } from '../ui/Card.tsx';
import { contact } from '../content/contact.ts';
import { Email, Fax, MailingAddress, Phone } from '../content/ContactDetails.tsx';

const TABS = ['maintenance', 'specialty', 'wellness'] as const;
type HelpTab = (typeof TABS)[number];

// The selected tab is in the URL (?tab=specialty) so a help answer can be
// linked to; it names a topic, never anything personal.
export const Route = createFileRoute('/help')({
  validateSearch: (search: Record<string, unknown>): { tab?: HelpTab } =>
    TABS.includes(search.tab as HelpTab) && search.tab !== 'maintenance' ? { tab: search.tab as HelpTab } : {},
  component: Help,
});

const INTRO: Record<HelpTab, string> = {
  maintenance: 'Answers about your mail-order maintenance medicines: orders, disposal, after-hours care and how to send us prescriptions.',
  specialty: 'Support for specialty medicines: how to reach the specialty pharmacy and what to do after hours.',
  // The documents say the intro changes with the maintenance and specialty tabs; the wellness tab gets its own so the intro never describes another tab.
  wellness: 'General health and wellness information about taking medicines safely. It does not replace advice from your doctor or pharmacist.',
};

function Help() {
  const { tab = 'maintenance' } = Route.useSearch();
  const navigate = useNavigate({ from: '/help' });
  const select = (key: string) => void navigate({ search: key === 'maintenance' ? {} : { tab: key as HelpTab }, replace: true, resetScroll: false });
  return (
    <Page title="Help" intro={INTRO[tab]}>
      <Tabs selectedKey={tab} onSelectionChange={select}>
        <TabList aria-label="Help topics">
          <Tab id="maintenance">MAINTENANCE MEDICINES</Tab>
          <Tab id="specialty">SPECIALTY MEDICINES</Tab>
          <Tab id="wellness">HEALTH &amp; WELLNESS</Tab>
        </TabList>
        <TabPanel id="maintenance">
          <Maintenance />
        </TabPanel>
        <TabPanel id="specialty">
          <Specialty />
        </TabPanel>
        <TabPanel id="wellness">
          <Wellness />
        </TabPanel>
      </Tabs>
    </Page>
  );
}

function Maintenance() {
  const m = contact.mailOrder;
  return (
    <>
      <Section title="Questions About Orders">
        <Prose>
          <p>
            Where is my order? <Link to="/orderStatus">Check order status</Link> with the order number from your confirmation, your date of
            birth and your zip code; no sign-in needed.
          </p>
          <p>
            Call <Phone phone={m.phone} /> (TTY {m.tty}) or email <Email address={m.email} />. We answer email within two
            business days; please do not include personal health information in email.
          </p>
          <ul>
            {m.hours.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </Prose>
      </Section>
      <Section title="How to Dispose of Medicines and Supplies">
        <Prose>
          <p>
            Unused or expired medicines should not stay in the cabinet. Many pharmacies and police stations run take-back
            boxes, and some medicines come with their own disposal instructions on the label. Used needles and other sharps
            go in a sharps container, never loose in the trash. These federal agencies explain the options:
          </p>
          <ul>
            <li>
              <ExternalLink href="https://www.fda.gov/consumers/consumer-updates/where-and-how-dispose-unused-medicines">
                U.S. Food and Drug Administration: Where and How to Dispose of Unused Medicines
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://www.dea.gov/takebackday">U.S. Drug Enforcement Administration: National Prescription Drug Take Back Day</ExternalLink>
            </li>
            <li>
              <ExternalLink href="https://www.epa.gov/hwgenerators/collecting-and-disposing-unwanted-medicines">
                U.S. Environmental Protection Agency: Collecting and Disposing of Unwanted Medicines
              </ExternalLink>
            </li>
          </ul>
        </Prose>
      </Section>
      <Section title="Questions About Disposal">
        <Prose>
          <p>
            Not sure how to get rid of a particular medicine or supply? Call us at <Phone phone={m.phone} /> and a pharmacist
            will tell you what to do with it.
          </p>
        </Prose>
      </Section>
      <Section title="After Hours Care">
        <Prose>
          <p>
            Pharmacists are available 24 hours a day, 7 days a week, 365 days a year. After hours, call <Phone phone={m.phone} />{' '}
            and press 4. Urgent calls are returned within 1 hour; messages that are not urgent are handled the next business
            day. In an emergency, call 911.
          </p>
        </Prose>
      </Section>
      <Section title="How to Send Us Your Prescriptions">
        <Grid>
          <Cell span={4}>
            <Card title="Online" icon="pill">
              <p>
                <Link to="/transfer">Transfer your prescriptions online</Link> or ask for a new one from your doctor.
              </p>
            </Card>
          </Cell>
          <Cell span={4}>
            <Card title="From your doctor" icon="user">
              <p>
                Your doctor can e-prescribe to us, or fax the prescription to <Fax fax={m.fax} />.
              </p>
            </Card>
          </Cell>
          <Cell span={4}>
            <Card title="By mail" icon="mail">
              <p>Mail your prescription with the order form to:</p>
              <MailingAddress />
            </Card>
          </Cell>
        </Grid>
      </Section>
    </>
  );
}

function Specialty() {
  const s = contact.specialty;
  return (
    <>
      <Section title="Customer Support">
        <Prose>
          <p>
            Call the specialty pharmacy at <Phone phone={s.phone} /> (TTY {contact.mailOrder.tty}) or email{' '}
            <Email address={s.email} />. Please do not include personal health information in email.
          </p>
          <ul>
            {s.hours.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </Prose>
      </Section>
      <Section title="After Hours Care">
        <Prose>
          <p>
            Customer service for specialty medicines is available 24/7. Outside business hours, call <Phone phone={s.phone} />{' '}
            and press 4 to reach a pharmacist; urgent calls are returned within 1 hour. In an emergency, call 911.
          </p>
        </Prose>
      </Section>
    </>
  );
}

const WELLNESS = [
  {
    title: 'Refill on Time',
    text: 'Running out of a daily medicine can undo its benefit. Plan refills ahead: by mail, order about two weeks before you need your medicine; at a store, refill 3 to 4 days before you run out.',
    source: { label: 'MedlinePlus: Taking Medicines', href: 'https://medlineplus.gov/medicines.html' },
  },
  {
    title: 'Alcohol and Medicine',
    text: 'Alcohol can change how many medicines work, or make side effects worse. Read the label and ask your pharmacist whether alcohol is safe with what you take.',
    source: { label: 'MedlinePlus: Alcohol', href: 'https://medlineplus.gov/alcohol.html' },
  },
  {
    title: 'Children and Medicines',
    text: "Give children only medicine meant for them, measure with the device that came with it, and keep every medicine up and away, out of children's sight and reach.",
    source: { label: 'MedlinePlus: Medicines and Children', href: 'https://medlineplus.gov/medicinesandchildren.html' },
  },
  {
    title: 'Taking Medicine Correctly',
    text: 'Take each medicine as prescribed, keep a current list of everything you take, including vitamins and supplements, and share it with every doctor and pharmacist you see.',
    source: { label: 'MedlinePlus: Drugs, Herbs and Supplements', href: 'https://medlineplus.gov/druginformation.html' },
  },
  {
    title: 'Managing High Blood Pressure',
    text: 'High blood pressure often has no symptoms. Regular checks and taking your medicine every day, even when you feel well, are the keys to keeping it under control.',
    source: { label: 'MedlinePlus: High Blood Pressure', href: 'https://medlineplus.gov/highbloodpressure.html' },
  },
  {
    title: 'Living with Diabetes',
    text: 'Checking your blood sugar as your care team advises, taking your medicines on schedule and keeping supplies on hand help you manage diabetes day to day.',
    source: { label: 'MedlinePlus: Diabetes', href: 'https://medlineplus.gov/diabetes.html' },
  },
  {
    title: 'Urinary Incontinence',
    text: 'Bladder control problems are common and treatable. Talk with your doctor: some medicines can affect bladder control, and others can help.',
    source: { label: 'MedlinePlus: Urinary Incontinence', href: 'https://medlineplus.gov/urinaryincontinence.html' },
  },
  {
    title: 'Managing Pain',
    text: 'Use pain medicines exactly as directed, do not combine products that share an ingredient, and tell your doctor if your pain is not controlled.',
    source: { label: 'MedlinePlus: Pain', href: 'https://medlineplus.gov/pain.html' },
  },
];

function Wellness() {
  return (
    <>
      {WELLNESS.map((topic) => (
        <Section key={topic.title} title={topic.title}>
          <Prose>
            <p>{topic.text}</p>
            <p>
              Learn more: <ExternalLink href={topic.source.href}>{topic.source.label}</ExternalLink>
            </p>
          </Prose>
        </Section>
      ))}
    </>
  );
}
