/**
 * Step 1, Member Information (member-transfer-flow.md sections 2, 5, 8):
 * member number (with the picture of where it is printed), first and last
 * name, date of birth; the error summary; Continue (not pressable while an
 * error shows: it says so and sends the focus to the summary) and Cancel; the loader while verifying and looking the member up.
 * Renders the member information machine and sends its events.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useRef, type FocusEvent, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { MEMBER_INFO_MESSAGES, type memberInfoMachine } from '../../../machines/member/memberInfoMachine.ts';
import { MEMBER_FIELDS, MEMBER_FORM_LIMITS, type MemberField } from '../../../machines/member/rules/memberForm.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import { BirthDateFields } from '../shared/BirthDateFields.tsx';
import { focusWhenShown } from '../shared/focusWhenShown.ts';
import { ErrorSummary, MEMBER_SUMMARY_ID, WithPhone } from './MemberParts.tsx';
import { MemberNumberHelp } from './MemberNumberHelp.tsx';
import * as styles from './member.css.ts';

export type MemberInfoActor = ActorRefFrom<typeof memberInfoMachine>;

/** The date fields by their autocomplete token: how a blur inside the date group names its field. */
const DATE_FIELDS: Record<string, MemberField> = { 'bday-month': 'month', 'bday-day': 'day', 'bday-year': 'year' };

function fieldHandlers(send: MemberInfoActor['send']) {
  return Object.fromEntries(
    MEMBER_FIELDS.map((field) => [field, { change: (text: string) => send({ type: 'field.changed', field, text }), leave: () => send({ type: 'field.left', field }) }]),
  ) as Record<MemberField, { change: (text: string) => void; leave: () => void }>;
}

export function MemberInfoStep({ actor, thisYear, onCancel }: { actor: MemberInfoActor; thisYear: number; onCancel: () => void }) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const { form, failure } = state.context;
  // The errors render in a pass of their own, after the press or keystroke that made them has been
  // answered: Continue with every field empty renders all of them (a summary, five messages, the
  // fields marked), too long for one frame on a slow phone. The fields are memoised, so the urgent
  // pass skips them; the deferred one is time-sliced (sections 5 and 8 of the member document).
  // Read with a shallow comparison, so that a change which leaves every message as it was (a keystroke in a
  // field without an error) keeps the same object and schedules no second pass.
  const errors = useDeferredValue(useSelector(actor, (s) => s.context.errors, shallowEqual));
  const busy = state.hasTag('pending');
  const shown = MEMBER_FIELDS.map((f) => errors[f]).filter((e): e is string => e !== null);
  // One pair of callbacks per field for the step's life: the fields are memoised, and new callbacks on
  // every render would render all of them again on each keystroke.
  const handlers = useMemo(() => fieldHandlers(send), [send]);
  const change = (field: MemberField) => handlers[field].change;
  const leave = (field: MemberField) => handlers[field].leave;
  const dateErrors = useMemo(() => ({ month: errors.month ?? undefined, day: errors.day ?? undefined, year: errors.year ?? undefined }), [errors.month, errors.day, errors.year]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'continue.pressed' });
    // The errors it showed: the focus goes to their summary.
    // The summary comes with the deferred pass: up to a second (60 frames) on a slow phone.
    if (actor.getSnapshot().matches('editing') && MEMBER_FIELDS.some((f) => actor.getSnapshot().context.errors[f] !== null)) focusWhenShown(MEMBER_SUMMARY_ID, 60);
  };
  // Checking makes the fields read-only (not disabled: Enter in a field sent the form, and a disabled field, or
  // fieldset, drops the focus to the page); Continue stays focused, aria-disabled. When the check
  // fails (the step stays), focus goes to the failure message, the start of what to fix.
  const failureRef = useRef<HTMLDivElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const active = document.activeElement;
    if (!active || active === document.body || (active instanceof HTMLButtonElement && active.type === 'submit')) failureRef.current?.focus();
  }, [busy]);
  const leaveDate = (e: FocusEvent) => {
    const field = DATE_FIELDS[(e.target as HTMLInputElement).getAttribute('autocomplete') ?? ''];
    if (field) send({ type: 'field.left', field });
  };

  // method="dialog": Continue pressed before the page's script has taken over (the form comes with the
  // HTML) submits to nowhere, instead of reloading the page and losing what was typed.
  return (
    <form method="dialog" onSubmit={submit} noValidate aria-describedby="member-intro">
      <StepHeading focusOnMount={false}>Member Information</StepHeading>
      <p id="member-intro" className={styles.intro}>
        Enter your information exactly as it appears on your member ID card.
      </p>
      {failure && (
        <div ref={failureRef} tabIndex={-1}>
          <Alert tone="error">
            {failure.kind === 'message' ? failure.text : <WithPhone text={failure.kind === 'locked' ? MEMBER_INFO_MESSAGES.locked : MEMBER_INFO_MESSAGES.notEligible} />}
          </Alert>
        </div>
      )}
      {shown.length > 0 && <ErrorSummary errors={shown} />}
      <fieldset className={styles.fieldset}>
        <div className={styles.formGrid}>
          <div className={styles.wide}>
            <TextField
              label="Member Number"
              value={form.memberNumber}
              onChange={change('memberNumber')}
              onBlur={leave('memberNumber')}
              maxLength={MEMBER_FORM_LIMITS.memberNumber}
              errorMessage={errors.memberNumber ?? undefined}
              autoComplete="off"
              isRequired
              isReadOnly={busy}
            />
            <MemberNumberHelp />
          </div>
          <TextField
            label="First Name"
            value={form.firstName}
            onChange={change('firstName')}
            onBlur={leave('firstName')}
            maxLength={MEMBER_FORM_LIMITS.name}
            errorMessage={errors.firstName ?? undefined}
            autoComplete="given-name"
            isRequired
            isReadOnly={busy}
          />
          <TextField
            label="Last Name"
            value={form.lastName}
            onChange={change('lastName')}
            onBlur={leave('lastName')}
            maxLength={MEMBER_FORM_LIMITS.name}
            errorMessage={errors.lastName ?? undefined}
            autoComplete="family-name"
            isRequired
            isReadOnly={busy}
          />
        </div>
        <div onBlur={leaveDate}>
          <BirthDateFields
            thisYear={thisYear}
            onMonthChange={change('month')}
            onDayChange={change('day')}
            onYearChange={change('year')}
            errors={dateErrors}
            isReadOnly={busy}
          />
        </div>
      </fieldset>
      {busy && <Skeleton lines={2} label={state.matches('verifying') ? 'Verifying your information' : 'Looking up your member information'} />}
      <div className={styles.actions}>
        {/* Not pressable while an error shows (section 5), but it stays focused and in the Tab order, described by the
            summary; pressed then, it sends the focus to the summary. With no error shown there is nothing to name, and
            the machine's guard is not asked: at load it was its rules' first run (9 ms at 4x of the page's hydration). */}
        <GatedButton
          type="submit"
          missing={shown.length === 0 || state.can({ type: 'continue.pressed' }) ? [] : shown}
          isPending={busy}
          pendingText="Checking your information…"
          describedBy={MEMBER_SUMMARY_ID}
          onRefused={() => focusWhenShown(MEMBER_SUMMARY_ID)}
        >
          {busy ? 'Checking…' : 'Continue'}
        </GatedButton>
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
