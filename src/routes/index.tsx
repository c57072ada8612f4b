import { createFileRoute } from '@tanstack/react-router';
import { ServerBanner } from './-server-banner.tsx';
import * as styles from './-page.css.ts';

export const Route = createFileRoute('/')({ component: Home });

// Interim home page of the foundation: proves the SPA, the gateway client and
// the gateway are wired (the banner comes from GET /gwapi/banners/1). The shell
// and the public pages replace it.
function Home() {
  return (
    <main className={styles.page}>
      <h1>Mail Order Pharmacy</h1>
      <ServerBanner />
      <p>
        Get 90-day supplies of your maintenance medicines delivered anywhere in the US, with free standard
        shipping. Call 1-800-555-0100 (TTY 711).
      </p>
    </main>
  );
}
