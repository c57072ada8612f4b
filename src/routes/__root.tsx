import { Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { Header } from '../shell/Header.tsx';
import { Footer } from '../shell/Footer.tsx';
import { GoBack } from '../shell/GoBack.tsx';
import { NotFound } from '../shell/NotFound.tsx';
import { FlowExitProvider } from '../shell/flowExit.tsx';
import { showsFooter } from '../shell/pages.ts';
import * as styles from '../shell/shell.css.ts';

export const Route = createRootRoute({
  component: Shell,
  notFoundComponent: NotFound,
});

/** Every page: header, GO BACK, the page in <main>, and the footer where it shows. */
function Shell() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  return (
    <FlowExitProvider>
      <div className={styles.layout}>
        <Header />
        <GoBack />
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        {showsFooter(pathname) && <Footer />}
      </div>
    </FlowExitProvider>
  );
}
