import { createFileRoute } from '@tanstack/react-router';
import { usePageHeading } from '../ui/Page.tsx';
import { Section, Prose } from '../ui/Page.tsx';
import { Link, ExternalLink } from '../ui/Link.tsx';
import { Grid, Cell } from '../ui/Grid.tsx';
import { Card } from '../ui/Card.tsx';
import { Alert } from '../ui/Alert.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Accordion, Disclosure } from '../ui/Disclosure.tsx';
import { contact, memberPortalUrl } from '../content/contact.ts';
import { Phone } from '../content/ContactDetails.tsx';
import { resetMemberData } from '../shell/memberSession.ts';
import * as styles from './-home.css.ts';

export const Route = createFileRoute('/')({
  // Entering Home drops any stored member information (spec 2.4).
  onEnter: () => resetMemberData(),
  component: Home,
});

const CHECKLIST = [
  '90-day supplies of the medicines you take every day',
  'Free standard shipping, anywhere in the US',
  'You may save on your copays',
  'Pharmacists ready to answer your questions',
];

const QUESTIONS = [
  {
    q: 'Will I need a new prescription?',
    a: 'Sometimes. If your current prescription cannot be transferred, we contact your doctor for a new one, so you do not have to.',
  },
  {
    q: 'Where and when will my medicine ship?',
    a: 'To your default shipping address, on your next refill date. We email you when the order ships.',
  },
  { q: 'How do I order refills?', a: 'Sign in to your account, or create one, and order your refills there.' },
  { q: 'When should I order?', a: 'About two weeks before you need your medicine, so it arrives in time.' },
  { q: 'How long does delivery take?', a: 'Orders are delivered within 10 days.' },
  {
    q: 'How much does shipping cost?',
    a: 'Standard shipping is free. Expedited shipping is available for an extra fee, which you see at checkout.',
  },
];

function Home() {
  const heading = usePageHeading('Transfer Your Prescriptions!');
  return (
    <>
      <div className={styles.hero}>
        <div className={styles.heroInner}>
          <div>
            <h1 ref={heading} tabIndex={-1} className={styles.heroTitle}>
              Transfer Your Prescriptions!
            </h1>
            <ul className={styles.checklist} aria-label="Why members choose home delivery">
              {CHECKLIST.map((item) => (
                <li key={item} className={styles.checkItem}>
                  <Icon name="check" />
                  {item}
                </li>
              ))}
            </ul>
            <div className={styles.actions}>
              <Link to="/memberInfo" variant="primary">
                GET STARTED TODAY!
              </Link>
            </div>
          </div>
          <div className={styles.heroPanel}>
            <h2 className={styles.panelTitle}>New to home delivery?</h2>
            <p>Learn how mail order works and what you need before you start.</p>
            <div className={styles.actions}>
              <Link to="/GettingStarted" variant="secondary">
                Get Started
              </Link>
              <ExternalLink href={memberPortalUrl} variant="secondary">
                Sign In
              </ExternalLink>
            </div>
          </div>
        </div>
      </div>

      <div className={styles.body}>
        <Section title="How Does it Work?">
          <ol className={styles.steps}>
            <li className={styles.step}>
              Give us your member number and your name exactly as they are printed on your insurance card.
            </li>
            <li className={styles.step}>
              Select or add your medications. If we cannot find you, we ask for your contact details, allergies and health
              conditions, and a payment method.
            </li>
            <li className={styles.step}>We process your request and contact your current pharmacy for you.</li>
          </ol>
        </Section>

        <Section title="The Benefits of Home Delivery">
          <Grid>
            <Cell span={3}>
              <Card icon="truck" title="Delivered to your door">
                <p>Medicines arrive anywhere in the US, with free standard shipping.</p>
              </Card>
            </Cell>
            <Cell span={3}>
              <Card icon="calendar" title="90-day supplies">
                <p>Fewer trips and fewer refills: each order covers three months.</p>
              </Card>
            </Cell>
            <Cell span={3}>
              <Card icon="dollar" title="Potential savings">
                <p>Depending on your plan, a 90-day supply by mail may lower your copay.</p>
              </Card>
            </Cell>
            <Cell span={3}>
              <Card icon="chat" title="Pharmacist advice">
                <p>Pharmacists answer your questions by phone, day or night.</p>
              </Card>
            </Cell>
          </Grid>
        </Section>

        <Section title="Taking a Specialty Medicine?">
          <Alert tone="info" announce={false}>
            <p>
              Specialty medicines are handled by our specialty pharmacy. It calls you to arrange each delivery, and customer
              service is available 24/7. Call <Phone phone={contact.specialty.phone} />{' '}
              or <Link to="/AboutUs" hash="specialty">read about specialty medicines</Link>.
            </p>
          </Alert>
        </Section>

        <Section title="Manage Your Prescriptions Anywhere">
          <Prose>
            <p>
              With an online account you can order refills, track shipments and update your delivery address from your phone,
              tablet or computer.
            </p>
            <p>
              <ExternalLink href={memberPortalUrl}>Sign in or create an account</ExternalLink>
            </p>
          </Prose>
        </Section>

        <Section title="About Us">
          <Prose>
            <p>
              We are the mail-order pharmacy of your health plan. We fill maintenance medicines in 90-day supplies and ship
              them to your home, and our specialty pharmacy supports people who take complex medicines.
            </p>
            <p>
              <Link to="/AboutUs">More about us</Link>
            </p>
          </Prose>
        </Section>

        <Section title="Common Questions">
          <Accordion>
            {QUESTIONS.map(({ q, a }) => (
              <Disclosure key={q} id={q} title={q}>
                <p>{a}</p>
              </Disclosure>
            ))}
          </Accordion>
        </Section>

        <Section title="Questions? We Are Here to Help">
          <div className={styles.contactPanel}>
            <div>
              <p>
                Call <Phone phone={contact.mailOrder.phone} />{' '}
                (TTY {contact.mailOrder.tty}), toll-free. {contact.mailOrder.hours.join('; ')}.
              </p>
              <p>
                <Link to="/ContactUs">More Contact Info</Link>
              </p>
            </div>
            <div>
              <Link to="/memberInfo" variant="primary">
                GET STARTED TODAY!
              </Link>
            </div>
          </div>
        </Section>
      </div>
    </>
  );
}
