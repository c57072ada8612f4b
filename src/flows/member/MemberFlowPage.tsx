/**
 * The member flow's page (/memberInfo and /transfer): the h1, the member
 * stepper, the page the member flow machine is on, and the Cancel Request
 * confirmation (for Cancel, and for the footer's links once the member is in
 * the flow). Every page is a machine of machines/member, with the actors of
 * src/ supplied by `.provide()`.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActor, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createActor, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { CANCEL_TARGET, claimsExits, memberPage, type MemberPage, type memberFlowMachine } from '../../../machines/member/memberFlowMachine.ts';
import { currentStep, MEMBER_STEPS, pageOf, REGISTER_STEP, showsRegisterStep } from '../../../machines/shared/rules/stepper.ts';
import type { memberStepperMachine } from '../../../machines/shared/memberStepperMachine.ts';
import { gateway } from '../../api/instance.ts';
import { memberPortalUrl } from '../../content/contact.ts';
import { onMemberReset, resetMemberData } from '../../shell/memberSession.ts';
import { useClaimFlowExits } from '../../shell/flowExit.tsx';
import { useStepHistory } from '../../shell/useStepHistory.ts';
import { ExternalLink } from '../../ui/Link.tsx';
import { usePageHeading } from '../../ui/Page.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Stepper } from '../../ui/Stepper.tsx';
import { lazyPart } from '../../ui/lazyPart.tsx';
import { importAgain } from '../../ui/importAgain.ts';
import * as page from '../../ui/page.css.ts';
import { NeedsJavaScript } from '../shared/NeedsJavaScript.tsx';
import { useSessionEndsOnLeave } from '../shared/sessionEnd.ts';
import { FlowErrorBoundary } from '../shared/FlowErrorBoundary.tsx';
import { bindLaterSteps, provideMemberFlow } from './memberActors.ts';
import { MemberInfoStep, type MemberInfoActor } from './MemberInfoStep.tsx';
import type { PrescriptionsActor } from './PrescriptionsStep.tsx';
import type { RegistrationActor } from './RegistrationStep.tsx';
import type { ReviewActor } from './ReviewStep.tsx';
import { CardFieldChannel } from '../shared/cardFieldChannel.ts';
import { localToday } from '../shared/today.ts';
import { clearFlow, endResuming, hasStoredFlow, loadFlow, saveFlow } from './resume.ts';
import { useHydrated } from '../../ui/useHydrated.ts';
import * as styles from './member.css.ts';
import { toInspector } from '../../dev/inspectFlow.ts';

// The steps after member information, views and machines, load on demand: people stopped at step 1
// never download them. They start loading when Member Information is sent (memberActors.ts). One
// `importAgain` serves the step's view and its machines, so Continue after a failed load (offline)
// asks for the code anew.
const loadChoosingSteps = importAgain(() => import('./ChoosingSteps.tsx'));
type LaterModule = Awaited<ReturnType<typeof loadChoosingSteps>>;
let laterModule: LaterModule | null = null;
const loadLater = () =>
  loadChoosingSteps().then((m) => {
    laterModule = m;
    return m;
  });
// Each keeps the page when its code cannot load, and offers Try again (lazyPart).
const ChoosingSteps = lazyPart(loadChoosingSteps, (m) => m.default, {
  what: 'The next step',
  fallback: <Skeleton lines={8} label="Loading your prescriptions" />,
  takesFocus: true,
});
/** Loaded the first time it opens. */
const CancelRequestModal = lazyPart(() => import('./CancelRequestModal.tsx'), (m) => m.default, { what: 'This dialog', takesFocus: true });
/** The success page, once the request is sent. */
const SuccessStep = lazyPart(() => import('./SuccessStep.tsx'), (m) => m.default, {
  what: 'Your confirmation',
  fallback: <Skeleton lines={8} label="Loading your confirmation" />,
  takesFocus: true,
});
/** The session's warning and expiry, once the member is identified (it comes by itself: it leaves the focus where it is). */
const SessionTimeout = lazyPart(() => import('./SessionTimeout.tsx'), (m) => m.default, { what: 'The session timer' });

export interface MemberFlowPageProps {
  title: string;
}

/** Typing is saved for a reload once it pauses this long. */
const SAVE_AFTER_MS = 300;

/**
 * A request is on its way: the registration page's Next or the review's Finish. Such a moment is never
 * saved for a reload (a resumed call would be sent twice), and the browser's Back and Forward wait for its answer.
 */
const sendingRequest = (s: SnapshotFrom<typeof memberFlowMachine>) =>
  ((s.children.registration as RegistrationActor | undefined)?.getSnapshot().matches({ filling: { form: 'submitting' } }) ?? false) ||
  ((s.children.review as ReviewActor | undefined)?.getSnapshot().matches({ reviewing: { request: 'submitting' } }) ?? false);

/** The pages the browser's Back and Forward walk: from the prescriptions to the success page. */
const walksHistory = (page: MemberPage) => page !== 'memberInfo' && page !== 'left';

/**
 * The flow starts again (a new machine) whenever the member data is reset: Cancel, Home, the not-found page.
 * The served page holds the flow's first step, empty: React hydrates that, then a flow the tab can
 * resume (resume.ts) takes its place. Until then the page's inline script (src/prerender/resumeScript.ts)
 * keeps the empty form hidden, so a reload in the middle of the flow never flashes it.
 */
export function MemberFlowRoute(props: MemberFlowPageProps) {
  const [generation, setGeneration] = useState(0);
  useEffect(() => onMemberReset(() => setGeneration((g) => g + 1)), []);
  const hydrated = useHydrated();
  const [resuming] = useState(hasStoredFlow);
  // A stored flow is past Member Information: its later pages' machines load before it is restored
  // (already there when the member comes back in this visit, with Forward).
  const [laterLoaded, setLaterLoaded] = useState(() => laterModule !== null);
  useEffect(() => {
    if (!hydrated) return;
    if (!resuming) {
      endResuming();
      return;
    }
    let live = true;
    loadLater()
      // Without them nothing can be restored: the flow starts again.
      .catch(() => clearFlow())
      .finally(() => live && setLaterLoaded(true));
    return () => {
      live = false;
    };
  }, [hydrated, resuming]);
  const resume = hydrated && resuming && laterLoaded;
  useEffect(() => {
    if (resume) endResuming();
  }, [resume]);
  return <MemberFlowPage key={`${generation}${resume ? '-resumed' : ''}`} resume={resume} {...props} />;
}

function MemberFlowPage({ title, resume }: MemberFlowPageProps & { resume: boolean }) {
  const navigate = useNavigate();
  // The registration page's hosted card field: one per flow (the page shows it, its actors tokenize through it).
  const [cardField] = useState(() => new CardFieldChannel());
  const logic = useMemo(() => {
    let bound: Promise<void> | null = null;
    // A load that failed (offline at Continue) is forgotten, so that Continue again loads them anew.
    const laterSteps = (): Promise<void> =>
      (bound ??= loadLater().then(
        (m) => bindLaterSteps(flow, m.laterStepActors(gateway, cardField)),
        (e: unknown) => {
          bound = null;
          throw e;
        },
      ));
    const flow = provideMemberFlow(gateway, laterSteps, (to) => {
      resetMemberData();
      void navigate({ to });
    });
    // Already loaded (a resumed flow, or a second flow in this visit): bound before the flow starts.
    if (laterModule) {
      bindLaterSteps(flow, laterModule.laterStepActors(gateway, cardField));
      bound = Promise.resolve();
    }
    return flow;
  }, [navigate, cardField]);
  // The year list needs only this calendar year, and the dates today: Date gives them without loading Temporal.
  const [thisYear] = useState(() => new Date().getFullYear());
  const [today] = useState(localToday);
  // A reload in the same tab resumes the flow where it was (resume.ts): the snapshot is checked before use.
  const [resumed] = useState(() => {
    const found = resume ? loadFlow(Date.now()) : null;
    if (!found) return null;
    try {
      createActor(logic, { input: { thisYear, today }, snapshot: found.flow as never });
    } catch {
      clearFlow();
      return null;
    }
    if (found.patientToken) gateway.setPatientToken(found.patientToken);
    return found;
  });
  // Every snapshot of the flow and its children (the registration page's typing too) schedules a save.
  const saveSoon = useRef(() => {});
  const [state, send, actorRef] = useActor(logic, {
    // With a snapshot the input is not read.
    input: { thisYear, today },
    ...(resumed ? { snapshot: resumed.flow as never } : {}),
    inspect: (event) => {
      if (event.type === '@xstate.snapshot') saveSoon.current();
      toInspector(event);
    },
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Once the member data is reset this flow is never written again (it may still change as it ends).
    let ended = false;
    const save = () => {
      timer = undefined;
      if (ended) return;
      const now = actorRef.getSnapshot();
      // Only a member in the flow is kept, and never mid-call (a resumed call would be sent twice).
      if (!claimsExits(now) || sendingRequest(now)) return;
      saveFlow(actorRef.getPersistedSnapshot(), gateway.patientToken(), Date.now());
    };
    saveSoon.current = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_AFTER_MS);
    };
    // A reload or a page left within the pause still keeps the last change: the pending save is written at once.
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      save();
    };
    window.addEventListener('pagehide', flush);
    // Member data reset (Cancel, Home, Start New Session's reload): nothing pending is written after it.
    const forget = onMemberReset(() => {
      ended = true;
      clearTimeout(timer);
      timer = undefined;
    });
    return () => {
      // Left by the browser's Back (not a reset): what was typed is kept for Forward.
      flush();
      forget();
      window.removeEventListener('pagehide', flush);
      saveSoon.current = () => {};
    };
  }, [actorRef]);
  const heading = usePageHeading(title);
  // Any reset (Cancel, Home, the not-found page, Start New Session) ends the session at the gateway too.
  useEffect(
    () =>
      onMemberReset(() => {
        gateway.endSession();
        clearFlow();
      }),
    [],
  );
  // Once the request is sent there is nothing to resume: a reload starts a new flow.
  const finished = state.context.finished !== null;
  useEffect(() => {
    if (finished) clearFlow();
  }, [finished]);
  // Sent, the session stays for the success page's "Track this order" (the member's token sees the patient's
  // orders): leaving the page for anywhere else, or the tab, ends it at the gateway, as a link page does.
  useSessionEndsOnLeave({ active: finished, keepForOrderStatus: true });
  useClaimFlowExits((to) => send({ type: 'exit.requested', to }), claimsExits(state));
  // The browser's Back and Forward walk the steps; Back out of the prescriptions leaves the flow.
  const step = memberPage(state);
  useStepHistory({
    key: 'memberFlow',
    step,
    active: walksHistory(step),
    stepNow: () => memberPage(actorRef.getSnapshot()),
    back: () => send({ type: 'back.pressed' }),
    forward: () => send({ type: 'forward.pressed' }),
    holds: () => sendingRequest(actorRef.getSnapshot()),
  });
  const cancel = () => send({ type: 'exit.requested', to: CANCEL_TARGET });

  const stepper = state.children.stepper as ActorRefFrom<typeof memberStepperMachine> | undefined;
  return (
    <div className={page.page}>
      <h1 ref={heading} tabIndex={-1} className={page.title}>
        {title}
      </h1>
      <NeedsJavaScript />
      <div className={styles.flow}>
        {stepper && <MemberStepper actor={stepper} />}
        <FlowErrorBoundary>
          {state.matches({ active: { page: 'memberInfo' } }) ? (
            <MemberInfoStep actor={state.children.memberInfo as unknown as MemberInfoActor} thisYear={thisYear} onCancel={cancel} />
          ) : state.context.finished ? (
            <SuccessStep member={state.context.member!} finished={state.context.finished} />
          ) : (
            <ChoosingSteps
                prescriptions={state.children.prescriptions as unknown as PrescriptionsActor}
                page={
                  state.matches({ active: { page: { choosing: 'registration' } } })
                    ? { kind: 'registration', actor: state.children.registration as unknown as RegistrationActor, cardField }
                    : state.matches({ active: { page: { choosing: 'review' } } }) && state.children.review
                      ? { kind: 'review', actor: state.children.review as unknown as ReviewActor, member: state.context.member! }
                      : { kind: 'prescriptions' }
                }
                onBack={() => send({ type: 'back.pressed' })}
                onCancel={cancel}
              />
          )}
        </FlowErrorBoundary>
      </div>
      {claimsExits(state) && <SessionTimeout />}
      {state.matches({ active: { dialog: 'confirmingExit' } }) && (
        <CancelRequestModal isOpen onConfirm={() => send({ type: 'exit.confirmed' })} onDismiss={() => send({ type: 'exit.dismissed' })} />
      )}
    </div>
  );
}

/** The member stepper: five steps, and Register (Optional) on the success pages of a member whose profile is not linked. */
function MemberStepper({ actor }: { actor: AnyActorRef }) {
  const { pageNumber, linked } = useSelector(actor as ActorRefFrom<typeof memberStepperMachine>, (s) => ({ pageNumber: pageOf(s), linked: s.context.profileLinked }), (a, b) => a.pageNumber === b.pageNumber && a.linked === b.linked);
  return (
    <Stepper
      steps={MEMBER_STEPS}
      current={currentStep(pageNumber, MEMBER_STEPS.length)}
      optionalStep={
        showsRegisterStep(pageNumber, linked)
          ? { name: REGISTER_STEP.name, note: REGISTER_STEP.note, action: <ExternalLink href={memberPortalUrl}>{REGISTER_STEP.action}</ExternalLink> }
          : undefined
      }
    />
  );
}
