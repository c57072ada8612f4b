/**
 * The member's session on the page (machines/member/sessionMachine.ts): after
 * 12 minutes without a key, a click or a tap, 'Are you still there?' counts
 * down 2 minutes; Continue Session starts again; at zero 'Session Expired'
 * offers Start New Session, which clears every member data and reloads. The
 * patient token is renewed on the first activity once it is 10 minutes old.
 * Mounted by the member flow once the member is identified (before that there
 * is nothing of theirs on the page). Loaded on demand.
 */
import { useActor } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { countdownText, SESSION_MESSAGES, SESSION_TIMING } from '../../../machines/member/sessionMachine.ts';
import { gateway } from '../../api/instance.ts';
import { resetMemberData } from '../../shell/memberSession.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { provideSession } from './sessionActors.ts';
import { inspectFlow } from '../../dev/inspectFlow.ts';

/** Activity is told at most this often: a key held down does not restart the timer a hundred times. */
const ACTIVITY_EVERY_MS = 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export default function SessionTimeout() {
  const logic = useMemo(
    () =>
      provideSession(gateway, () => {
        resetMemberData();
        window.location.reload();
      }),
    [],
  );
  const [state, send] = useActor(logic, { input: SESSION_TIMING, inspect: inspectFlow() });
  // A call refused because the session has ended (another tab's Finish or Cancel): Session Expired, at once.
  useEffect(() => gateway.onSessionEnded(() => send({ type: 'session.ended' })), [send]);

  useEffect(() => {
    let last = 0;
    const activity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_EVERY_MS) return;
      last = now;
      send({ type: 'activity' });
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, activity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, activity, { capture: true });
    };
  }, [send]);

  const expired = state.matches({ timer: 'expired' }) || state.matches({ timer: 'restarting' });
  return (
    <>
      <Modal
        isOpen={state.matches({ timer: 'warning' })}
        onOpenChange={() => {}}
        isDismissable={false}
        role="alertdialog"
        title={SESSION_MESSAGES.warningTitle}
        actions={<Button onPress={() => send({ type: 'continue.pressed' })}>{SESSION_MESSAGES.continue}</Button>}
      >
        <p>{SESSION_MESSAGES.warning(countdownText(state.context.secondsLeft))}</p>
      </Modal>
      <Modal
        isOpen={expired}
        onOpenChange={() => {}}
        isDismissable={false}
        role="alertdialog"
        title={SESSION_MESSAGES.expiredTitle}
        actions={
          <Button onPress={() => send({ type: 'restart.pressed' })} isPending={state.matches({ timer: 'restarting' })}>
            {SESSION_MESSAGES.restart}
          </Button>
        }
      >
        <p>{SESSION_MESSAGES.expired}</p>
      </Modal>
    </>
  );
}
