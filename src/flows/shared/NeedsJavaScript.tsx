import { CallUs } from '../../content/ContactDetails.tsx';

/**
 * The flows' line for a browser without JavaScript (in the prerendered page;
 * a browser with scripts never shows it): the flows need it, and the phone
 * line does the same job.
 */
export function NeedsJavaScript() {
  return (
    <noscript>
      <p>
        This service needs JavaScript, which is turned off in your browser. Turn it on and reload the page, or{' '}
        <CallUs>call us at</CallUs>
      </p>
    </noscript>
  );
}
