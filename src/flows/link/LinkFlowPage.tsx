/**
 * The page of a personalised link (/EasyFill/{id}, /autorefill/{id}): the
 * heading, the stepper, step 1 (the link machine) and, once the identity is
 * verified, the flow's own machine (Easy Fill or Auto Refill). Each machine
 * runs with the actors of src/ supplied by `.provide()`.
 */
import { useActor } from '@xstate/react';
import { Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import type { LinkFlow } from '../../../machines/link/linkPageMachine.ts';
import { easyFillHeading } from '../../../machines/shared/rules/display.ts';
import { refillStepperMachine } from '../../../machines/shared/refillStepperMachine.ts';
import { pageOf } from '../../../machines/shared/rules/stepper.ts';
import { gateway } from '../../api/instance.ts';
import { usePageHeading } from '../../ui/Page.tsx';
import { localToday } from '../shared/today.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Stepper } from '../../ui/Stepper.tsx';
import { lazyPart } from '../../ui/lazyPart.tsx';
import * as page from '../../ui/page.css.ts';
import { NeedsJavaScript } from '../shared/NeedsJavaScript.tsx';
import { FlowErrorBoundary } from '../shared/FlowErrorBoundary.tsx';
import { provideLinkPage } from './linkPageActors.ts';
import { useSessionEndsOnLeave } from '../shared/sessionEnd.ts';
import * as styles from '../shared/flow.css.ts';
import { inspectFlow } from '../../dev/inspectFlow.ts';

const linkPageLogic = provideLinkPage(gateway);
// The verification form (react-aria's typeaheads, about 60 KB gzip) loads once the link has been
// read (a skeleton until then): the page, its header and the banner paint without waiting for it.
// Loading it earlier, beside the link call, measured worse (Lighthouse mobile 89 against 93): it
// competes with the banner for the first seconds of a slow connection.
// Each part loaded on demand keeps the page when its code cannot load, and offers Try again (lazyPart).
const LOADING_LINK = <Skeleton lines={6} label="Loading your link" />;
// It suspends to the page's boundary around step 1 (whose fallback is the same skeleton), so that the
// switch to it, in a transition, keeps the skeleton on screen until its code has come.
const Verification = lazyPart(() => import('./Verification.tsx'), (m) => m.Verification, {
  what: 'The verification form',
  outerBoundary: true,
  // It comes by itself once the link is read: a failure is announced, and the focus stays where the page put it.
});
// The step after verification loads on demand: people who stop at step 1 never download it.
const STEPS_LOADING = <Skeleton lines={6} />;
const EasyFillSteps = lazyPart(() => import('./EasyFillSteps.tsx'), (m) => m.default, { what: 'The next step', fallback: STEPS_LOADING, takesFocus: true });
const AutoRefillSteps = lazyPart(() => import('./AutoRefillSteps.tsx'), (m) => m.default, { what: 'The next step', fallback: STEPS_LOADING, takesFocus: true });

/** Step names for screen readers (Easy Fill shows no names; Auto Refill's reading: verification, selection, result). */
const STEPS: Record<LinkFlow, readonly string[]> = {
  easyFill: ['Verify your identity', 'Choose your prescriptions', 'Confirmation'],
  autoRefill: ['Verify your identity', 'Confirm Auto Refill', 'Result'],
};

export function LinkFlowPage({ flow, linkId }: { flow: LinkFlow; linkId: string }) {
  const [today] = useState(localToday);
  const [state, send] = useActor(linkPageLogic, { input: { linkId, flow, today }, inspect: inspectFlow() });
  // The 3-step refill stepper (Verify, Prescriptions, result), moved on as the flow gets there.
  const [stepper, , stepperRef] = useActor(refillStepperMachine, { inspect: inspectFlow() });
  const reach = useCallback(
    (to: 'prescriptions' | 'success') => {
      // Only from the step before: a repeated call (an effect run twice) changes nothing.
      if (stepperRef.getSnapshot().matches(to === 'prescriptions' ? 'verify' : 'prescriptions')) stepperRef.send({ type: 'step.next' });
    },
    [stepperRef],
  );
  // The year list needs only this local calendar year: Date gives it without loading Temporal
  // (about 20 KB gzip) on the first screen; the steps, which do date arithmetic, load Temporal.
  const [thisYear] = useState(() => new Date().getFullYear());
  const link = state.context.link;
  const title = flow === 'easyFill' ? easyFillHeading(link?.linkType) : 'Auto Refill';
  const heading = usePageHeading(title);
  const verified = state.matches('verified');
  useEffect(() => {
    if (verified) reach('prescriptions');
  }, [verified, reach]);
  const onResult = useCallback(() => reach('success'), [reach]);
  // Leaving the page, or the tab, ends the link's session: Easy Fill's end (its step 3 still calls the gateway
  // to turn auto refill on or off after the order) and any link flow left before its end; Auto Refill's
  // machine ends it on enrolment too. "Track this order" keeps it for the order-status page.
  useSessionEndsOnLeave({ keepForOrderStatus: true });
  const Steps = flow === 'easyFill' ? EasyFillSteps : AutoRefillSteps;
  // The link's answer swaps the skeleton for step 1 in a transition. The machine's snapshot reaches React
  // through useSyncExternalStore, whose renders are never sliced: an urgent switch would replace the
  // skeleton with an identical one (the form's loading fallback) in one long task before the form's code
  // has come. Deferred, with the form suspending to the boundary below (there from the first render: React
  // shows a boundary's fallback when it mounts, even in a transition), the render that suspends keeps the
  // skeleton, and the form mounts in slices when its code comes. Only which screen shows is deferred,
  // never the snapshot; a return to loading (Try again) shows at once.
  const formReady = !state.matches('loading');
  const formShown = useDeferredValue(formReady) && formReady;

  return (
    <div className={page.page}>
      <h1 ref={heading} tabIndex={-1} className={page.title}>
        {title}
      </h1>
      <NeedsJavaScript />
      <div className={styles.flow}>
        <Stepper steps={STEPS[flow]} current={pageOf(stepper) - 1} hideNames={flow === 'easyFill'} />
        <FlowErrorBoundary>
          <Suspense fallback={LOADING_LINK}>
            {verified && link ? (
              <Steps allowBillMeLater={link.allowBillMeLater} onResult={onResult} />
            ) : !formShown ? (
              LOADING_LINK
            ) : (
              <Verification state={state} send={send} thisYear={thisYear} />
            )}
          </Suspense>
        </FlowErrorBoundary>
      </div>
    </div>
  );
}
