import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { contact } from '../content/contact.ts';
import { Email, MailingAddress } from '../content/ContactDetails.tsx';
import { clearRedirectIf } from '../shell/redirect.ts';

// Spec 2.6: static legal text with three sections; on entry the stored
// redirect value is cleared when it equals /disclaimer.
export const Route = createFileRoute('/disclaimer')({
  onEnter: () => clearRedirectIf('/disclaimer'),
  component: Disclaimer,
});

function Disclaimer() {
  return (
    <Page title="Disclaimer" intro="Last updated February 8, 2018">
      <Section title="Third-Party Websites">
        <Prose>
          <p>
            This website contains links to websites that {SITE_NAME} does not own or run, such as the pages of government
            health agencies. We provide these links only for your convenience. A link does
            not mean that we endorse or recommend the other website, its owner, or the products and services it
            offers.
          </p>
          <p>
            We do not control other websites and are not responsible for their content, accuracy, availability,
            security or privacy practices. When you follow a link, you leave our website, and the other
            website&apos;s own terms and privacy policy apply. Please read them before you share any information.
          </p>
        </Prose>
      </Section>

      <Section title="No Liability">
        <Prose>
          <p>
            We try to keep the information on this website accurate and up to date, but it is provided &quot;as
            is&quot; for general information only. It does not replace the advice of your doctor, pharmacist or other
            health care professional about your own health or medicines.
          </p>
          <p>
            To the extent the law allows, {SITE_NAME}, its affiliates, and their employees and agents are not liable
            for any loss or damage, whether direct, indirect, incidental or consequential, that comes from using or
            relying on this website, from being unable to use it, or from any website linked to it. This includes
            losses caused by errors, omissions, interruptions, delays or computer viruses.
          </p>
        </Prose>
      </Section>

      <Section title="Copyright Policy">
        <Prose>
          <p>
            The content of this website, including its text, graphics, logos, images and downloadable documents, is
            owned by {SITE_NAME} or used with permission, and is protected by United States and international
            copyright and trademark laws. Copyright © {contact.copyrightYear} {SITE_NAME}. All rights reserved.
          </p>
          <p>
            You may view, download and print content from this website for your own personal, non-commercial use,
            provided you keep all copyright and other notices. You may not copy, change, republish, distribute or
            sell it for any other purpose without our prior written permission.
          </p>
          <p>
            We respect the rights of others. If you believe that material on this website infringes your copyright,
            please write to us at{' '}
            <Email address={contact.mailOrder.email} />{' '}
            or at the address below. Describe the work you believe is infringed, tell us where the material appears
            on the website, and include your name and how to reach you.
          </p>
          <MailingAddress />
        </Prose>
      </Section>
    </Page>
  );
}
