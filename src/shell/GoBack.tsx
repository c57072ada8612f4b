import { useCanGoBack, useRouter, useRouterState } from '@tanstack/react-router';
import { NativeButton } from '../ui/NativeButton.tsx';
import { Icon } from '../ui/Icon.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import { showsGoBack } from './pages.ts';
import * as styles from './header.css.ts';

/**
 * GO BACK: history back, where there is history in this app to go back to; hidden on /EasyFill and Home.
 * The tab's history is the browser's alone: the prerendered page never has the button, so it shows
 * once the page is hydrated (after a reload in the middle of a visit).
 */
export function GoBack() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const hydrated = useHydrated();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!hydrated || !canGoBack || !showsGoBack(pathname)) return null;
  return (
    <div className={styles.goBack}>
      <NativeButton variant="quiet" size="small" onClick={() => router.history.back()}>
        <Icon name="arrowLeft" />
        GO BACK
      </NativeButton>
    </div>
  );
}
