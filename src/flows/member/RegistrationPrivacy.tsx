/**
 * The registration page's three agreements (member-transfer-flow.md sections
 * 2 and 5); the Terms of Use open in a modal whose I'm Done ticks its box.
 */
import { type ReactNode } from 'react';
import { PRIVACY_MESSAGES, type PrivacyValues } from '../../../machines/member/rules/registration.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import * as styles from './registration.css.ts';
import { fieldId, type PartProps } from './RegistrationParts.tsx';

const AGREEMENTS: { key: keyof PrivacyValues; label: string }[] = [
  { key: 'privacy', label: 'I have read and agree to the Privacy Notice' },
  { key: 'terms', label: 'I have read and agree to the Terms of Use' },
  { key: 'acknowledge', label: 'I confirm that the information I have given is true and complete' },
];

/** The three agreements; an unticked one is flagged after Next. The Terms of Use open in a modal whose I'm Done ticks its box. */
export function PrivacyFields({ c, send, busy, privacyHref }: PartProps & { privacyHref: ReactNode }) {
  return (
    <div>
      <p className={styles.note}>Please read our {privacyHref} and our Terms of Use before you agree to them.</p>
      <p className={styles.note}>
        <Button variant="quiet" onPress={() => send({ type: 'terms.opened' })}>
          Read the Terms of Use
        </Button>
      </p>
      <div className={styles.checks}>
        {AGREEMENTS.map(({ key, label }) => {
          const error = c.nextPressed && !c.values.privacy[key] ? PRIVACY_MESSAGES[key] : undefined;
          return (
            <div key={key}>
              <Checkbox
                id={fieldId('privacy', key)}
                isSelected={c.values.privacy[key]}
                isReadOnly={busy}
                isInvalid={Boolean(error)}
                aria-describedby={error ? fieldId('privacy', `${key}-error`) : undefined}
                onChange={(on) => send({ type: 'privacy.changed', values: { [key]: on } })}
              >
                {label}
              </Checkbox>
              {error && (
                <p id={fieldId('privacy', `${key}-error`)} className={styles.error}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
