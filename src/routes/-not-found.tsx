import { Link } from '@tanstack/react-router';
import * as styles from './-page.css.ts';

export function NotFound() {
  return (
    <main className={styles.page}>
      <h1>404 Page Not Found</h1>
      <p>We could not find the page you're looking for.</p>
      <Link to="/">GO TO HOMEPAGE</Link>
    </main>
  );
}
