import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { contact } from '../content/contact.ts';
import { Email, MailingAddress, Phone } from '../content/ContactDetails.tsx';
import { documentHref, documents } from '../content/documents.ts';

export const Route = createFileRoute('/PrivacyPolicy')({ component: PrivacyPolicy });

// Legal text in our own words carrying the facts of spec 2.12 and 9 ("Legal
// text"): SMS opt-in with STOP, STOP ALL and HELP; a notice for children under
// 14; the California list of third parties once a year; changes 30 days after
// an update. The policy carries no date: the specification gives none for it.
function PrivacyPolicy() {
  const { mailOrder, privacyEmail } = contact;
  const privacyMail = <Email address={privacyEmail} />;
  const phone = (
    <>
      <Phone phone={mailOrder.phone} />{' '}
      (TTY {mailOrder.tty})
    </>
  );
  const notice = documents.privacyNotice;

  return (
    <Page
      title="Privacy Policy"
      intro="This policy explains what information we collect through this website, how we use and protect it, and the choices you have."
    >
      <Section title="Scope of This Policy">
        <Prose>
          <p>
            This Privacy Policy applies to this website run by {SITE_NAME} (&quot;we,&quot; &quot;us&quot; or
            &quot;our&quot;), including the refill and auto-refill links we send to members. Using the website is
            also governed by our <Link to="/TermsOfUse">Terms of Use</Link>.
          </p>
          <p>
            As a pharmacy, we also protect your health information under federal and state health privacy laws. Our{' '}
            <ExternalLink href={documentHref(notice)}>{notice.title} (PDF)</ExternalLink> describes how we may use
            and disclose your health information and the rights you have over it. If this policy and the Notice of
            Privacy Practices differ about health information, the Notice of Privacy Practices applies.
          </p>
        </Prose>
      </Section>

      <Section title="Information We Collect">
        <Section title="Information You Give Us" level={3}>
          <Prose>
            <p>When you verify your identity, register for mail order or place an order, you may give us:</p>
            <ul>
              <li>your name, date of birth, and health plan member number;</li>
              <li>your shipping address, phone numbers and email address;</li>
              <li>payment card details;</li>
              <li>your allergies and health conditions;</li>
              <li>the prescriptions you want to transfer or request, and details of your doctors and current pharmacy;</li>
              <li>how you would like to be notified, and the caregiver you choose to name, if any.</li>
            </ul>
          </Prose>
        </Section>
        <Section title="Information Collected Automatically" level={3}>
          <Prose>
            <p>
              When you visit our general information pages, we may record basic technical details such as the pages
              you view, the time of your visit and the type of browser and device you use. This helps us understand
              how the website is used and improve it.
            </p>
          </Prose>
        </Section>
        <Section title="Information From Others" level={3}>
          <Prose>
            <p>
              To serve you, we may receive information from your health plan (for example, to confirm that you are
              eligible), from your doctors, and from the pharmacy that now holds your prescriptions.
            </p>
          </Prose>
        </Section>
      </Section>

      <Section title="How We Use Your Information">
        <Prose>
          <p>We use the information we collect to:</p>
          <ul>
            <li>confirm your identity and your eligibility for mail-order service;</li>
            <li>transfer, fill and ship your prescriptions, and contact your doctor or pharmacy about them;</li>
            <li>check your prescriptions safely against the allergies and health conditions you tell us about;</li>
            <li>process payments;</li>
            <li>send you the refill reminders and order updates you asked for;</li>
            <li>answer your questions and provide customer service;</li>
            <li>keep the website secure and working, and improve it;</li>
            <li>meet our legal and regulatory duties.</li>
          </ul>
        </Prose>
      </Section>

      <Section title="How We Share Your Information">
        <Prose>
          <p>
            <strong>We do not sell your personal information.</strong> We share it only as needed to serve you or as
            the law requires, for example with:
          </p>
          <ul>
            <li>your health plan, your doctors and the pharmacy transferring your prescriptions;</li>
            <li>companies that work for us, such as shipping carriers and payment processors, who may use it only for that work;</li>
            <li>a caregiver you name;</li>
            <li>government agencies or others when the law requires it or to protect health and safety.</li>
          </ul>
          <p>
            When you enter a payment card, the card number is turned into a secure token by our payment processor, so
            the website does not keep your full card number.
          </p>
        </Prose>
      </Section>

      <Section title="Tracking and Analytics">
        <Prose>
          <p>
            We may use an analytics service to count visits to our general information pages. We do not use
            analytics, advertising or other tracking tools on pages that show or collect your health information,
            such as the prescription transfer pages and the pages reached through your refill and auto-refill links.
          </p>
          <p>
            To return you to the right place after you view a page such as our Disclaimer, your browser keeps the
            address of the page you came from for as long as the tab is open. It holds no personal information.
          </p>
        </Prose>
      </Section>

      <Section title="Text Messages (SMS)">
        <Prose>
          <p>
            Text messaging is opt-in: we send text messages only if you choose text as a notification preference and
            give us a mobile number. Agreeing to text messages is not required to use our services. We do not
            include details of your health information in text messages, and we do not share your mobile number
            with others for their marketing.
          </p>
          <ul>
            <li>
              Reply <strong>STOP</strong> to stop the messages you are receiving, or <strong>STOP ALL</strong> to stop
              every text message we send to that number.
            </li>
            <li>
              Reply <strong>HELP</strong> for help, or call us at {phone}.
            </li>
          </ul>
          <p>Your mobile carrier&apos;s message and data rates may apply.</p>
        </Prose>
      </Section>

      <Section title="Privacy Notice for Children Under 14">
        <Prose>
          <p>
            This website is not directed at children, and we do not knowingly collect personal information online
            from children under 14. A prescription for a child is managed by a parent or legal guardian, who gives
            the child&apos;s information on the child&apos;s behalf.
          </p>
          <p>
            If we learn that a child under 14 has given us personal information through the website without a
            parent&apos;s or guardian&apos;s consent, we will delete it unless the law requires us to keep it. A parent
            or guardian who believes this has happened can write to {privacyMail} or call us at {phone}.
          </p>
        </Prose>
      </Section>

      <Section title="Your California Privacy Rights">
        <Prose>
          <p>
            If you live in California, you may ask us for a list of the third parties to which we disclosed your
            personal information for their own direct marketing purposes during the previous calendar year, and the
            kinds of information disclosed. You may make this request once per year. Send it to {privacyMail} or to
            the mailing address below, with &quot;California Privacy Rights&quot; in the subject line or on the
            envelope.
          </p>
        </Prose>
      </Section>

      <Section title="How We Protect Your Information">
        <Prose>
          <p>
            We use administrative, technical and physical safeguards to protect your information, including
            encrypted connections to the website. No system is completely secure, so we cannot guarantee absolute
            security. Regular email is not a secure channel: please do not send personal health information to us
            by email.
          </p>
        </Prose>
      </Section>

      <Section title="Your Choices">
        <Prose>
          <ul>
            <li>You can update your contact details and notification preferences by calling us.</li>
            <li>You can stop text messages at any time as described above.</li>
            <li>
              You can ask to see or correct your health information, as described in our Notice of Privacy Practices.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section title="Changes to This Policy">
        <Prose>
          <p>
            We may update this Privacy Policy from time to time and will post the new version on this page. Changes
            take effect 30 days after the update is posted. If you keep using the website after that, the updated
            policy applies.
          </p>
        </Prose>
      </Section>

      <Section title="Contact Us">
        <Prose>
          <p>If you have questions about this policy or how we handle your information, contact us:</p>
          <ul>
            <li>Privacy email: {privacyMail}</li>
            <li>
              Mail order email:{' '}
              <Email address={mailOrder.email} />
            </li>
            <li>Phone: {phone}</li>
          </ul>
          <p>By mail:</p>
          <MailingAddress />
        </Prose>
      </Section>
    </Page>
  );
}
