/**
 * Small parts of the member flow's screens: messages that carry the member
 * service number (as a link one can tap), the error summary.
 */
import { MEMBER_INFO_MESSAGES } from '../../../machines/member/memberInfoMachine.ts';
import { contact } from '../../content/contact.ts';
import { Phone } from '../../content/ContactDetails.tsx';
import { Alert } from '../../ui/Alert.tsx';
import * as styles from './member.css.ts';

/** A message of the machines with its '{phone}' put in as the member service number. */
export function WithPhone({ text }: { text: string }) {
  const [before, after] = text.split('{phone}');
  return after === undefined ? (
    <>{text}</>
  ) : (
    <>
      {before}
      <Phone phone={contact.mailOrder.phone} />
      {after}
    </>
  );
}

/** 'If you are still having a problem, call toll-free {phone} (TTY dial 711)'. */
export function HelpLine() {
  return (
    <p>
      <WithPhone text={MEMBER_INFO_MESSAGES.help} />
    </p>
  );
}

/** The Member Information summary's id: Continue is described by it, and it takes the focus when errors appear. */
export const MEMBER_SUMMARY_ID = 'member-info-problems';

/**
 * 'Please address the following errors:' with each error and the help line: announced once when it
 * appears, not again as the errors follow the typing; focusable, for Continue to send the
 * focus there.
 */
export function ErrorSummary({ errors }: { errors: string[] }) {
  return (
    <div id={MEMBER_SUMMARY_ID} tabIndex={-1} className={styles.summary}>
      <Alert tone="error" title={MEMBER_INFO_MESSAGES.summary} announce="once" version={errors.join('\n')}>
        <ul className={styles.summaryList}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <HelpLine />
      </Alert>
    </div>
  );
}
