/**
 * The Terms of Use text, in our own words carrying the facts of spec 2.12, 5
 * ("Terms of Use rules") and 9 ("Legal text"). The /TermsOfUse page shows it,
 * and so does the registration page's Terms of Use modal (one text, so the two
 * cannot differ). `nested`: inside a dialog whose title is the h2.
 *
 * The date is the one the member-flow spec gives for the Terms text (section 9
 * of member-transfer-flow.md). Where that spec names an age of 13, the
 * public-pages spec (sections 2.12 and 5) says 18: the text follows the 18 of
 * the public-pages spec, which owns this page.
 */
import { Prose, Section, SITE_NAME } from '../ui/Page.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { contact } from './contact.ts';
import { Email, MailingAddress, Phone } from './ContactDetails.tsx';

export const TERMS_UPDATED = 'Last updated February 8, 2018';

/**
 * A page the Terms point to. In the registration page's modal (`nested`) it opens in a new tab and says
 * so: leaving would lose the flow and what was typed; on /TermsOfUse it is an in-app link.
 */
function TermsLink({ to, nested, children }: { to: '/PrivacyPolicy' | '/disclaimer'; nested: boolean; children: string }) {
  return nested ? <ExternalLink href={to}>{children}</ExternalLink> : <Link to={to}>{children}</Link>;
}

export function TermsOfUseText({ nested = false }: { nested?: boolean }) {
  const { mailOrder } = contact;
  const top = nested ? 3 : 2;
  const sub = nested ? 4 : 3;
  return (
    <>
      {/* The date is part of the text (section 9): the modal has no page intro to carry it, as /TermsOfUse does. */}
      {nested && (
        <Prose>
          <p>{TERMS_UPDATED}</p>
        </Prose>
      )}
      <Section level={top} title="About These Terms">
        <Prose>
          <p>
            These Terms of Use are an agreement between you and {SITE_NAME} (&quot;we,&quot; &quot;us&quot; or
            &quot;our&quot;). They apply whenever you visit this website, use a refill or auto-refill link we send
            you, or use any online service we offer here. By using the website you agree to these Terms. If you do
            not agree, please do not use the website.
          </p>
          <p>
            How we collect, use and protect your information is explained in our{' '}
            <TermsLink to="/PrivacyPolicy" nested={nested}>Privacy Policy</TermsLink>, which is part of these Terms.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Who May Use This Website">
        <Prose>
          <p>To use this website and its services, you must:</p>
          <ul>
            <li>be at least 18 years old, and</li>
            <li>live in the United States or one of its territories.</li>
          </ul>
          <p>
            By using the website you confirm that both statements are true for you. The website is not meant for
            people who live outside the United States and its territories.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Information You Give Us">
        <Prose>
          <p>
            Whenever you give us information, whether to verify your identity, register, order a prescription or
            update your preferences, it must be true, accurate, complete and current. If something changes, such as
            your address, phone number, payment card or health conditions, please update it promptly or call us.
          </p>
          <p>
            We rely on what you tell us to fill and ship your prescriptions safely. If we have reason to believe that
            information is untrue, inaccurate, incomplete or out of date, we may decline a request or suspend your
            access to online services until it is corrected.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Your Login and Personal Links">
        <Prose>
          <p>
            Some services need you to sign in with a login, and some are reached through a personal link we send you
            that asks you to confirm your identity. You are responsible for keeping your login details and personal
            links private and for what is done with them. Do not share them with anyone you do not want to act on
            your behalf.
          </p>
          <p>
            If you think someone has used your login or one of your links without your permission, call us right
            away at <Phone phone={mailOrder.phone} />{' '}
            (TTY {mailOrder.tty}).
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Text Messages (SMS)">
        <Prose>
          <p>
            Text messaging is opt-in. We send text messages, such as refill reminders and shipping updates, only if
            you choose text as a notification preference and give us a mobile number. You do not have to agree to
            receive text messages to use our services.
          </p>
        </Prose>
        <Section level={sub} title="Stopping Text Messages">
          <Prose>
            <p>
              You can stop text messages at any time. Reply <strong>STOP</strong> to the message you received, or
              reply <strong>STOP ALL</strong> to stop every text message we send to that number. You can also change
              your notification preference by calling us.
            </p>
          </Prose>
        </Section>
        <Section level={sub} title="Getting Help">
          <Prose>
            <p>
              Reply <strong>HELP</strong> to any of our text messages for help, or call us at{' '}
              <Phone phone={mailOrder.phone} /> (TTY{' '}
              {mailOrder.tty}). How often you receive messages depends on your prescriptions and orders. Your mobile
              carrier&apos;s message and data rates may apply.
            </p>
          </Prose>
        </Section>
      </Section>

      <Section level={top} title="Pharmacy Services and Health Information">
        <Prose>
          <p>
            The information on this website is general and is not a substitute for the advice of your doctor or
            pharmacist. Please talk to them about your own health and medicines.
          </p>
          <p>
            Every prescription we fill depends on a valid prescription from your prescriber, your health plan&apos;s
            coverage and the professional judgment of our pharmacists. Delivery times and the services described on
            the website may vary.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Using the Website Responsibly">
        <Prose>
          <p>When you use the website, you agree not to:</p>
          <ul>
            <li>pretend to be someone else or use another person&apos;s information without their permission;</li>
            <li>try to get into accounts, links, systems or data you are not allowed to reach;</li>
            <li>interfere with the website, its security or other people&apos;s use of it;</li>
            <li>copy the website or collect information from it with automated tools;</li>
            <li>use the website for anything unlawful or fraudulent.</li>
          </ul>
          <p>We may limit or end access for anyone who breaks these rules.</p>
        </Prose>
      </Section>

      <Section level={top} title="Content, Trademarks and Other Websites">
        <Prose>
          <p>
            The text, images, logos, documents and other content on this website belong to us or to those who
            license them to us, and are protected by copyright and trademark law. You may view and print them for
            your own personal, non-commercial use. Any other use needs our written permission.
          </p>
          <p>
            The website links to websites run by others. We do not control those websites and are not responsible
            for their content or practices. Our <TermsLink to="/disclaimer" nested={nested}>Disclaimer</TermsLink> explains more.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Disclaimers and Limits on Liability">
        <Prose>
          <p>
            We work to keep the website accurate and available, but we provide it &quot;as is&quot; and &quot;as
            available,&quot; without warranties of any kind to the extent the law allows. We do not promise that the
            website will always be available, uninterrupted or free of errors.
          </p>
          <p>
            To the extent the law allows, we are not liable for indirect, incidental or consequential damages that
            come from using, or being unable to use, the website. Nothing in these Terms limits rights you have under
            laws that cannot be waived.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Resolving Disputes">
        <Prose>
          <p>
            If you have a concern, please contact us first; most problems can be solved quickly that way. Any dispute
            about these Terms or the website that we cannot resolve together will be settled by binding arbitration
            in the State of California, rather than in court, except where the law does not allow it. The
            arbitrator&apos;s decision is final and may be enforced by any court with jurisdiction.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Changes to These Terms">
        <Prose>
          <p>
            We may update these Terms from time to time. When we do, we post the new version on this page and change
            the date at the top. Changes take effect 30 days after the update is posted. If you keep using the
            website after that, you accept the updated Terms.
          </p>
        </Prose>
      </Section>

      <Section level={top} title="Contact Us">
        <Prose>
          <p>If you have questions about these Terms, contact us:</p>
          <ul>
            <li>
              Phone: <Phone phone={mailOrder.phone} />{' '}
              (TTY {mailOrder.tty})
            </li>
            <li>
              Email:{' '}
              <Email address={mailOrder.email} />
            </li>
            <li>
              Privacy questions:{' '}
              <Email address={contact.privacyEmail} />
            </li>
          </ul>
          <p>Please do not include personal health information in email.</p>
          <p>By mail:</p>
          <MailingAddress />
        </Prose>
      </Section>
    </>
  );
}
