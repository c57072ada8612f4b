import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { Grid, Cell } from '../ui/Grid.tsx';
import { Card } from '../ui/Card.tsx';
import { Alert } from '../ui/Alert.tsx';
import { NativeButton } from '../ui/NativeButton.tsx';
import { Modal } from '../ui/Modal.tsx';
import { Accordion, Disclosure } from '../ui/Disclosure.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { contact, memberPortalUrl } from '../content/contact.ts';
import { Fax, MailingAddress, Phone } from '../content/ContactDetails.tsx';
import { documentHref, documents } from '../content/documents.ts';

export const Route = createFileRoute('/GettingStarted')({ component: GettingStarted });

// Spec 2.7, with the FAQ answers taken from the home page's common questions
// (spec 1) and the constants of spec 9 (two weeks, 10 days, 90-day supplies).
function GettingStarted() {
  const [specialtyOpen, setSpecialtyOpen] = useState(false);
  const { mailOrder, specialty } = contact;

  return (
    <Page
      title="Get Started with Mail Order"
      intro="Home delivery brings 90-day supplies of the medicines you take regularly to your door. Getting started takes three steps."
    >
      <Section title="Three Steps to Home Delivery">
        <Grid>
          <Cell span={4}>
            <Card title="Step 1: Check Your Eligibility" icon="shield" level={3}>
              <p>
                Ask your employer or health plan whether your prescription benefit includes home delivery from{' '}
                {SITE_NAME}. Your plan materials or benefits office can tell you.
              </p>
            </Card>
          </Cell>
          <Cell span={4}>
            <Card title="Step 2: Get a 90-Day Prescription" icon="calendar" level={3}>
              <p>
                Ask your doctor for a new prescription for a 90-day supply of each medicine you take regularly, with
                refills where appropriate.
              </p>
            </Card>
          </Cell>
          <Cell span={4}>
            <Card title="Step 3: Get Your Prescriptions to Us" icon="document" level={3}>
              <p>
                Your doctor can send the prescription to us electronically or by fax, or you can mail it to us
                yourself. The options are described below.
              </p>
            </Card>
          </Cell>
          <Cell span={12}>
            <Prose>
              <p>
                Already filling your prescriptions at another pharmacy? Tell us about them online and we will contact
                that pharmacy for you.
              </p>
              <p>
                <Link to="/memberInfo" variant="primary">
                  GET STARTED TODAY!
                </Link>
              </p>
            </Prose>
          </Cell>
        </Grid>
      </Section>

      <Section title="Taking a Specialty Medicine?">
        <Alert tone="info" title="Specialty medicines are handled by our specialty pharmacy">
          <p>
            To start or move a specialty prescription, call{' '}
            <Phone phone={specialty.phone} />
            .
          </p>
          <p>
            <NativeButton variant="secondary" size="small" onClick={() => setSpecialtyOpen(true)}>
              WHAT IS SPECIALTY?
            </NativeButton>
          </p>
        </Alert>
        <Modal
          isOpen={specialtyOpen}
          onOpenChange={setSpecialtyOpen}
          title="What Is Specialty?"
          actions={<NativeButton onClick={() => setSpecialtyOpen(false)}>CLOSE</NativeButton>}
        >
          <p>
            Specialty medicines are used for complex, long-term or rare conditions. Many need special handling, such
            as refrigerated packaging, and extra support to start and stay on treatment.
          </p>
          <p>
            The specialty pharmacy that fills your prescription calls you before each delivery to arrange a time and
            place that work for you. Customer service is available 24 hours a day, 7 days a week.
          </p>
          <p>
            <Link to="/AboutUs" hash="specialty">
              Learn more about specialty medicines
            </Link>
          </p>
        </Modal>
      </Section>

      <Section title="Ways to Send Your Prescriptions">
        <Grid>
          <Cell span={6}>
            <Card title="From Your Doctor" icon="chat" level={3}>
              <p>Ask your doctor to send your prescription to {SITE_NAME} in one of two ways:</p>
              <ul>
                <li>
                  <strong>E-prescribe:</strong> send it electronically from the office&apos;s prescribing system.
                </li>
                <li>
                  <strong>Fax:</strong> fax it to <Fax fax={mailOrder.fax} />.
                </li>
              </ul>
            </Card>
          </Cell>
          <Cell span={6}>
            <Card title="By Mail" icon="mail" level={3}>
              <ol>
                <li>
                  Download and fill in the{' '}
                  <ExternalLink href={documentHref(documents.orderForm)}>
                    {documents.orderForm.title} (PDF)
                  </ExternalLink>{' '}
                  and the{' '}
                  <ExternalLink href={documentHref(documents.hipaaRelease)}>
                    {documents.hipaaRelease.title} (PDF)
                  </ExternalLink>
                  .
                </li>
                <li>Mail both forms, with your prescriptions, to:</li>
              </ol>
              <MailingAddress />
            </Card>
          </Cell>
        </Grid>
      </Section>

      <Section title="Tip: Create an Online Account">
        <Prose>
          <p>
            With an online account you can order refills, track your orders and manage your prescriptions whenever it
            suits you.
          </p>
          <p>
            <ExternalLink href={memberPortalUrl} variant="secondary">
              CREATE AN ACCOUNT
            </ExternalLink>
          </p>
          <p>
            Questions? Call us at{' '}
            <Phone phone={mailOrder.phone} />{' '}
            (TTY {mailOrder.tty}).
          </p>
        </Prose>
      </Section>

      <Section title="Frequently Asked Questions">
        <Accordion>
          <Disclosure title="Will I need a new prescription?" level={3}>
            <p>
              Possibly. We may need a new prescription from your doctor, for example when your current prescription is
              for a shorter supply or is held by another pharmacy.
            </p>
          </Disclosure>
          <Disclosure title="Where and when will my medicine be shipped?" level={3}>
            <p>
              We ship your medicine to the default shipping address on your account on your next refill date, and we
              send you an email when your order ships.
            </p>
          </Disclosure>
          <Disclosure title="How do I order refills?" level={3}>
            <p>Sign in to your online account, or create one, to order refills.</p>
          </Disclosure>
          <Disclosure title="When should I place my order?" level={3}>
            <p>Order at least two weeks before you need your medicine, so it arrives before you run out.</p>
          </Disclosure>
          <Disclosure title="How long does delivery take?" level={3}>
            <p>Your order is delivered within 10 days.</p>
          </Disclosure>
          <Disclosure title="How much does shipping cost?" level={3}>
            <p>
              Standard shipping is free. If you need your order sooner, you can choose expedited shipping for an extra
              fee at checkout.
            </p>
          </Disclosure>
          <Disclosure title="How much medicine will I receive?" level={3}>
            <p>Prescriptions sent by home delivery are filled with a 90-day supply of your medicine.</p>
          </Disclosure>
        </Accordion>
      </Section>
    </Page>
  );
}
