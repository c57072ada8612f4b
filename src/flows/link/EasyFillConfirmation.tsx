/**
 * Easy Fill's step 3, the confirmation: the order as placed (number, date, what, where to, how paid) and an
 * Auto Refill switch per eligible drug. Its own file: the selection step and the confirmation change apart.
 */
import type { SnapshotFrom } from 'xstate';
import { EASY_FILL_MESSAGES, type EasyFillEvent, type easyFillMachine } from '../../../machines/link/easyFillMachine.ts';
import { confirmedOrder, offersAutoRefill } from '../../../machines/link/rules/easyFill.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { OrderConfirmation } from '../shared/OrderConfirmation.tsx';
import { DrugFacts, TermsDialog } from './LinkParts.tsx';
import { StepHeading } from '../shared/StepHeading.tsx';
import * as styles from '../shared/flow.css.ts';

/** Step 3: the order (number, date, what, where to, how paid), with an auto-refill switch per eligible drug. */
export function EasyFillConfirmation({ state, send }: { state: SnapshotFrom<typeof easyFillMachine>; send: (event: EasyFillEvent) => void }) {
  const { context: c } = state;
  const saving = state.matches({ confirmation: 'saving' });
  const withoutDetails = state.matches({ confirmation: 'detailsFailed' }) || state.matches({ confirmation: 'reloadingDetails' });
  return (
    <>
      <StepHeading focusOnMount>Order confirmation</StepHeading>
      <Alert tone="success">{EASY_FILL_MESSAGES.orderSuccess}</Alert>
      {/* What was ordered is the list below, each with its Auto Refill switch. */}
      {c.order && <OrderConfirmation order={confirmedOrder(c.order)} showItems={false} />}
      {c.toggleError && <Alert tone="error">{c.toggleError}</Alert>}
      {withoutDetails && c.order ? (
        <>
          <Alert tone="warning">{EASY_FILL_MESSAGES.detailsFailed}</Alert>
          <ul className={styles.drugList} aria-label="Ordered prescriptions">
            {c.order.items.map((d) => (
              <li key={d.rxId} className={styles.drugRow}>
                <span>
                  <span className={styles.label}>{d.dispensedMedName}</span>
                  {d.daysSupply ? <span className={styles.drugFacts}>{d.daysSupply}-day supply</span> : null}
                </span>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button isPending={state.matches({ confirmation: 'reloadingDetails' })} onPress={() => send({ type: 'retry.pressed' })}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <ul className={styles.drugList} aria-label="Ordered prescriptions">
          {c.ordered.map((d) => (
            <li key={d.rxId} className={styles.drugRow}>
              <span>
                <span className={styles.label}>{d.dispensedMedName}</span>
                <DrugFacts drug={d} />
              </span>
              {offersAutoRefill(d) ? (
                <span>
                  {/*
                    Read-only, not disabled, while a toggle is saved: a disabled switch would drop the
                    focus to the page, so it stays on the switch through the terms dialog and the save.
                    The 'Saved' notice (section 2.16) is a live region that is always there and fills
                    once, so it is announced once.
                  */}
                  <Switch
                    showState
                    isSelected={d.autoFillStatusValue === true}
                    isReadOnly={saving}
                    onChange={(on) => send({ type: 'autoRefill.toggled', rxId: d.rxId, on })}
                  >
                    Auto Refill<span className={styles.muted}> for {d.dispensedMedName}</span>
                  </Switch>
                  <span className={styles.saved} role="status">
                    {c.savedRxId === d.rxId ? 'Saved' : ''}
                  </span>
                </span>
              ) : (
                <span className={styles.notEligible}>
                  OFF · NOT ELIGIBLE<span className={styles.muted}> for Auto Refill</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <TermsDialog
        isOpen={state.matches({ confirmation: 'terms' })}
        checked={c.agreeChecked}
        canConfirm={state.can({ type: 'terms.confirmed' })}
        onCheck={(checked) => send({ type: 'terms.checked', checked })}
        onConfirm={() => send({ type: 'terms.confirmed' })}
        onCancel={() => send({ type: 'terms.cancelled' })}
      />
    </>
  );
}
