import { useNavigate } from '@tanstack/react-router';
import { Page } from '../ui/Page.tsx';
import { NativeButton } from '../ui/NativeButton.tsx';
import { resetMemberData } from './memberSession.ts';
import * as styles from './shell.css.ts';

/** The not-found page (spec 2.5): both buttons reset member data before leaving. */
export function NotFound() {
  const navigate = useNavigate();
  const leave = (to: '/' | '/transfer') => () => {
    resetMemberData();
    void navigate({ to });
  };
  return (
    <Page title="404 Page Not Found" intro="We could not find the page you're looking for.">
      <div className={styles.actions}>
        <NativeButton onClick={leave('/')}>GO TO HOMEPAGE</NativeButton>
        <NativeButton variant="secondary" onClick={leave('/transfer')}>
          TRANSFER YOUR PRESCRIPTIONS
        </NativeButton>
      </div>
    </Page>
  );
}
