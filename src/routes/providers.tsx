import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { Grid, Cell } from '../ui/Grid.tsx';
import { Card } from '../ui/Card.tsx';
import { NativeButton } from '../ui/NativeButton.tsx';
import { Modal } from '../ui/Modal.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { contact } from '../content/contact.ts';
import { Fax, Phone } from '../content/ContactDetails.tsx';
import { documentHref, documents } from '../content/documents.ts';

export const Route = createFileRoute('/providers')({ component: Providers });

// The eight services spec 2.10 lists for the network modal, in its order.
const NETWORK_SERVICES = [
  'Help following the treatment plan',
  'Copay assistance',
  'A helpline staffed by nurses and pharmacists',
  'Service after regular business hours',
  'Education about the medicine',
  'Translation services',
  'A personalized refill program',
  'Free standard shipping',
] as const;

function Providers() {
  const [networkOpen, setNetworkOpen] = useState(false);
  const { mailOrder, specialty } = contact;
  const referral = documents.specialtyReferral;

  return (
    <Page
      title="For Providers"
      intro={`How prescribers send prescriptions for maintenance and specialty medicines to ${SITE_NAME}.`}
    >
      <Section id="maintenance" title="Maintenance Medicines">
        <Prose>
          <p>For a 90-day supply of a medicine your patient takes regularly, send the prescription in either way:</p>
        </Prose>
        <Grid>
          <Cell span={6}>
            <Card title="E-Prescribe" icon="document" level={3}>
              <p>Send the prescription electronically to {SITE_NAME} from your e-prescribing system.</p>
            </Card>
          </Cell>
          <Cell span={6}>
            <Card title="Fax" icon="phone" level={3}>
              <p>Fax the prescription to <Fax fax={mailOrder.fax} />.</p>
            </Card>
          </Cell>
          <Cell span={12}>
            <Prose>
              <p>
                Your patients can read how home delivery works, and what they need to do, on{' '}
                <Link to="/GettingStarted">Get Started with Mail Order</Link>.
              </p>
            </Prose>
          </Cell>
        </Grid>
      </Section>

      <Section id="specialty" title="Specialty Medicines">
        <Prose>
          <p>To refer a patient for a specialty medicine:</p>
          <ol>
            <li>
              Download the{' '}
              <ExternalLink href={documentHref(referral)}>{referral.title} (PDF)</ExternalLink> and fill it in.
            </li>
            <li>
              Fax the completed form, with a copy of the patient&apos;s insurance card and relevant lab work, to{' '}
              <Fax fax={specialty.fax} />.
            </li>
          </ol>
          <p>
            Questions about a referral? Call the specialty pharmacy at{' '}
            <Phone phone={specialty.phone} />
            .
          </p>
          <p>
            Your patient&apos;s specialty prescription is filled by a pharmacy in our Specialty Pharmacy Network, which
            supports the patient throughout treatment.
          </p>
          <p>
            <NativeButton variant="secondary" onClick={() => setNetworkOpen(true)}>
              WHAT THE NETWORK PROVIDES
            </NativeButton>
          </p>
        </Prose>
        <Modal
          isOpen={networkOpen}
          onOpenChange={setNetworkOpen}
          title="What do the Pharmacies in the Specialty Pharmacy Network Provide?"
          actions={<NativeButton onClick={() => setNetworkOpen(false)}>I&apos;M DONE</NativeButton>}
        >
          <ul>
            {NETWORK_SERVICES.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </Modal>
      </Section>
    </Page>
  );
}
