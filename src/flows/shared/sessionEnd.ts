/**
 * A patient token lives in the gateway client's memory only (a reload starts again); a page that holds
 * one ends its session at the gateway when it is left, or the tab is: the link pages, the member flow
 * once its request is sent, and the order-status page.
 */
import { useEffect, useRef } from 'react';
import { gateway } from '../../api/instance.ts';

interface SessionEnd {
  /** Whether the page holds a session to end yet (the member flow: once its request is sent). Default: it does. */
  active?: boolean;
  /**
   * A move to the order-status page keeps the session: a confirmation's "Track this order" reads the order
   * with the same token (it sees its own orders), and that page ends the session in its turn.
   */
  keepForOrderStatus: boolean;
}

/** While active, leaving the page (in the app, or the tab's pagehide) ends the session (see `SessionEnd`). */
export function useSessionEndsOnLeave({ active = true, keepForOrderStatus }: SessionEnd) {
  // The end waits a task: React's StrictMode (development) unmounts and mounts a page at once, and the
  // order-status page arrives holding the confirmation's token; the mount that follows cancels it.
  const pendingEnd = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    window.clearTimeout(pendingEnd.current);
    const end = () => gateway.endSession();
    window.addEventListener('pagehide', end);
    return () => {
      window.removeEventListener('pagehide', end);
      if (keepForOrderStatus && window.location.pathname.toLowerCase().startsWith('/orderstatus')) return;
      pendingEnd.current = window.setTimeout(end, 0);
    };
  }, [active, keepForOrderStatus]);
}
