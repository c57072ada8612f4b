/**
 * Select Your Prescriptions (member-transfer-flow.md section 2): the count,
 * select all, the search and the filters, the cards in their four groups,
 * Show More, 'Don't See Your Prescription?' with Add Prescription, the doctor,
 * Next and Cancel. Renders the prescriptions machine; every rule is the
 * machine's or a pure function of machines/member/rules.
 */
import { useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { allSelected, resultCount, visibleDrugs, type prescriptionsMachine } from '../../../machines/member/prescriptionsMachine.ts';
import type { NewRxRecord, TransferPrescription } from '../../../machines/member/records.ts';
import {
  copayLine,
  FILTER_LABELS,
  groupOf,
  GROUPS,
  isSelectable,
  LIST_LIMITS,
  LIST_MESSAGES,
  requestedName,
  resultCountText,
  selectedCountText,
  statusMessage,
  type CopaySide,
  type TransferFilter,
} from '../../../machines/member/rules/transferList.ts';
import { formatCopay } from '../../../machines/shared/rules/display.ts';
import { contact } from '../../content/contact.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { StepHeading } from '../shared/StepHeading.tsx';
import { revealFocused } from '../../ui/focusInView.ts';
import { HelpLine } from './MemberParts.tsx';
import * as styles from './member.css.ts';

export type PrescriptionsActor = ActorRefFrom<typeof prescriptionsMachine>;

export interface PrescriptionsStepProps {
  actor: PrescriptionsActor;
  onCancel: () => void;
  /** The doctor chooser (its own machine, a child of this one). */
  doctors: ReactNode;
  /** The Add Prescription modal, when open. */
  modal: ReactNode;
}

const FILTERS = Object.keys(FILTER_LABELS) as TransferFilter[];
const ADD_BUTTON_ID = 'add-prescription-open';
const SEARCH_ID = 'prescription-search';
const SHOW_MORE_ID = 'prescriptions-show-more';
const removeId = (ndc: string) => `remove-${ndc}`;

export function PrescriptionsStep({ actor, onCancel, doctors, modal }: PrescriptionsStepProps) {
  const state = useSelector(actor, (s) => s);
  const { send } = actor;
  const c = state.context;
  // Removing an added prescription removes its button with it: focus goes to the next added
  // prescription's Remove (or the one before), else to Add Prescription, never to the page.
  const focusAfterRemove = useRef<string | null>(null);
  useEffect(() => {
    const target = focusAfterRemove.current;
    if (target === null) return;
    focusAfterRemove.current = null;
    (document.getElementById(target) ?? document.getElementById(ADD_BUTTON_ID))?.focus();
  }, [c.added.length]);
  // Show More adds cards: the focus goes to the first new one (in page order), never to the page, even
  // when the button goes because nothing is left.
  const shownBefore = useRef<Set<string> | null>(null);
  const loadingMore = state.hasTag('loadingMore');
  useEffect(() => {
    const before = shownBefore.current;
    if (before === null || loadingMore) return;
    shownBefore.current = null;
    const cards = [...document.querySelectorAll<HTMLElement>('li[data-ndc]')];
    (cards.find((card) => !before.has(card.dataset.ndc!)) ?? document.getElementById(SHOW_MORE_ID))?.focus();
  }, [c.shown, loadingMore]);
  const showMore = () => {
    shownBefore.current = new Set(visibleDrugs(c).map((d) => d.ndc));
    send({ type: 'showMore.pressed' });
  };
  const clearSearch = () => {
    send({ type: 'search.cleared' });
    // The button goes with the search: the focus goes back to the search field.
    document.getElementById(SEARCH_ID)?.focus();
  };
  // 'Please select your doctor' shows above Next, which has the focus, and pushes it down: it is shown again.
  useEffect(() => {
    if (c.doctorMissing) requestAnimationFrame(revealFocused);
  }, [c.doctorMissing]);
  // Stable while the added prescriptions stay the same, so that the memoised cards are not drawn again.
  const added = c.added;
  const remove = useCallback(
    (ndc: string) => {
      const i = added.findIndex((a) => a.ndc === ndc);
      const next = added[i + 1] ?? added[i - 1];
      focusAfterRemove.current = next ? removeId(next.ndc) : ADD_BUTTON_ID;
      send({ type: 'drug.removed', ndc });
    },
    [added, send],
  );

  if (state.matches('loading')) {
    return (
      <>
        <StepHeading focusOnMount>Select Your Prescriptions</StepHeading>
        <CardSkeletons />
      </>
    );
  }
  if (state.matches('failed')) {
    return (
      <>
        <StepHeading focusOnMount>Select Your Prescriptions</StepHeading>
        <ListFailure text={c.loadError!} />
        <div className={styles.actions}>
          <Button onPress={() => send({ type: 'retry.pressed' })}>Try again</Button>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        </div>
      </>
    );
  }

  const visible = visibleDrugs(c);
  const busy = state.hasTag('pending');
  const count = resultCount(c);
  return (
    <>
      <StepHeading focusOnMount>Select Your Prescriptions</StepHeading>
      <p className={styles.intro}>
        Choose the prescriptions you fill at another pharmacy that you would like us to fill by mail, or add one that is not listed, and compare your
        estimated copays.
      </p>
      {c.loadError && <ListFailure text={c.loadError} />}
      <div className={styles.counts}>
        <p role="status" aria-live="polite" style={{ margin: 0 }}>
          <strong>{selectedCountText(c.selected.length)}</strong>
        </p>
        <p style={{ margin: 0 }}>{LIST_MESSAGES.estimates}</p>
      </div>

      <div className={styles.toolbar}>
        <form
          className={styles.searchForm}
          role="search"
          aria-label="Search your prescriptions"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'search.submitted' });
          }}
        >
          {/*
            Never disabled while the whole list loads: a disabled control drops the focus to the page.
            The machine takes no search, filter or Show More until the list is there.
          */}
          <TextField
            id={SEARCH_ID}
            label="Search by drug name"
            value={c.searchText}
            onChange={(text) => send({ type: 'search.changed', text })}
            maxLength={LIST_LIMITS.searchMax}
            errorMessage={c.searchError ?? undefined}
          />
          <Button type="submit">Search</Button>
          {c.searchTerm !== null && (
            <Button variant="secondary" onPress={clearSearch}>
              Clear search
            </Button>
          )}
        </form>
        <span />
        <RadioGroup
          label="Show"
          orientation="horizontal"
          value={c.filter}
          onChange={(value) => send({ type: 'filter.changed', filter: value as TransferFilter })}
        >
          {FILTERS.map((f) => (
            <Radio key={f} value={f}>
              {FILTER_LABELS[f]}
            </Radio>
          ))}
        </RadioGroup>
      </div>

      {/* Always there, so that the count is read as it changes (a search, a filter, Show More), at every width. */}
      <p role="status" className={styles.facts}>
        {busy || visible.length === 0 ? '' : resultCountText(count.shown, count.total)}
      </p>
      {busy ? (
        <CardSkeletons />
      ) : visible.length === 0 ? (
        <p role="status">{LIST_MESSAGES.noResults}</p>
      ) : (
        <>
          {state.can({ type: 'selectAll.toggled' }) && (
            <Checkbox isSelected={allSelected(c)} onChange={() => send({ type: 'selectAll.toggled' })}>
              Select All
            </Checkbox>
          )}
          {GROUPS.map(({ group, heading, explanation }) => {
            const drugs = visible.filter((d) => groupOf(d) === group);
            if (!drugs.length) return null;
            return (
              <section key={group} className={styles.group} aria-labelledby={`group-${group}`}>
                <h3 id={`group-${group}`} className={styles.groupTitle}>
                  {heading} <span className={styles.facts}>({drugs.length})</span>
                </h3>
                <p className={styles.groupNote}>{explanation}</p>
                <ul className={styles.cards}>
                  {drugs.map((d) => (
                    <DrugCard
                      key={d.ndc}
                      drug={d}
                      selected={c.selected.includes(d.ndc)}
                      added={c.added.some((a) => a.ndc === d.ndc)}
                      send={send}
                      onRemove={remove}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      )}
      {state.hasTag('loadingMore') && <CardSkeletons count={LIST_LIMITS.more} label="Loading more prescriptions" />}
      {/* Kept (pending) while more load: the focus stays on it until the first new card takes it. */}
      {(state.can({ type: 'showMore.pressed' }) || loadingMore) && (
        <div className={styles.actions}>
          <Button id={SHOW_MORE_ID} variant="secondary" isPending={loadingMore} onPress={showMore}>
            Show More
          </Button>
        </div>
      )}

      <div className={styles.dontSee}>
        <div>
          <h3 className={styles.groupTitle}>{LIST_MESSAGES.dontSee}</h3>
          <p className={styles.groupNote}>Add a prescription from another pharmacy or a new one from your doctor.</p>
        </div>
        <Button id={ADD_BUTTON_ID} variant="secondary" onPress={() => send({ type: 'addPrescription.opened' })}>
          Add Prescription
        </Button>
      </div>

      <section className={styles.doctor} aria-labelledby="doctor-title">
        <h3 id="doctor-title" className={styles.groupTitle}>
          Choose your doctor
        </h3>
        <p className={styles.groupNote}>We contact this doctor for the prescriptions that need a new one.</p>
        {c.doctorMissing && <Alert tone="error">{LIST_MESSAGES.selectDoctor}</Alert>}
        {doctors}
      </section>

      <div className={styles.actions}>
        <GatedButton hint="read" missing={state.can({ type: 'next.pressed' }) ? [] : [LIST_MESSAGES.chooseOne]} onPress={() => send({ type: 'next.pressed' })}>
          Next
        </GatedButton>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      </div>
      {modal}
    </>
  );
}

function ListFailure({ text }: { text: string }) {
  return (
    <Alert tone="error" title="Please address the following errors:">
      <p>{text}</p>
      <HelpLine />
    </Alert>
  );
}

/** The 11-card skeleton (or `count` cards while more load). */
function CardSkeletons({ count = LIST_LIMITS.initial, label = 'Loading your prescriptions' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true">
      <span className={visuallyHidden}>{label}</span>
      <ul className={styles.cards} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.cardSkeleton} data-testid="card-skeleton" />
        ))}
      </ul>
    </div>
  );
}

interface DrugCardProps {
  drug: TransferPrescription | NewRxRecord;
  selected: boolean;
  /** Added through Add Prescription (it has Remove, and no copays). */
  added: boolean;
  send: PrescriptionsActor['send'];
  onRemove: (ndc: string) => void;
}

/**
 * Memoised: a tick, a modal opening or a keystroke in the search draws again only the cards whose
 * props changed, not the whole list (the press is answered within a frame on a slow phone).
 */
const DrugCard = memo(function DrugCard({ drug, selected, added, send, onRemove }: DrugCardProps) {
  const name = requestedName(drug);
  const copay = copayLine(drug);
  const nameId = `drug-${drug.ndc}`;
  const statusId = `drug-status-${drug.ndc}`;
  const copaysId = `drug-copays-${drug.ndc}`;
  return (
    // Focusable by script only: Show More gives the focus to the first new card.
    <li className={styles.card} data-selected={selected} data-ndc={drug.ndc} aria-labelledby={nameId} tabIndex={-1}>
      <p id={nameId} className={styles.drugName}>
        {name}
      </p>
      <p className={styles.facts}>
        {[drug.strength, drug.daysSupply ? `${drug.daysSupply} day supply` : null].filter(Boolean).join(' · ')}
      </p>
      {/* The status message and the copays describe the card's checkbox, as Easy Fill's drug boxes are. */}
      <div id={statusId}>
        {statusMessage(drug, contact.specialty.phone).map((line) => (
          <p key={line} className={styles.message}>
            {line}
          </p>
        ))}
      </div>
      {!added && (
        <dl id={copaysId} className={styles.copays}>
          <CopayBox label="Current pharmacy" side={copay.current} />
          <CopayBox label="Mail order" side={copay.mailOrder} />
        </dl>
      )}
      {isSelectable(drug) ? (
        <Checkbox isSelected={selected} onChange={() => send({ type: 'drug.toggled', ndc: drug.ndc })} aria-label={`Select ${name}`} aria-describedby={added ? statusId : `${statusId} ${copaysId}`}>
          Select
        </Checkbox>
      ) : (
        <p className={styles.unavailable}>Not available for transfer</p>
      )}
      {added && (
        <Button id={removeId(drug.ndc)} variant="secondary" size="small" onPress={() => onRemove(drug.ndc)} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      )}
    </li>
  );
});

function CopayBox({ label, side }: { label: string; side: CopaySide }) {
  return (
    <div className={styles.copay} data-lower={side.lower}>
      <dt className={styles.copayLabel}>{label}</dt>
      <dd style={{ margin: 0 }}>
        {formatCopay(side.amount)}
        {side.amount !== null && side.per ? ` ${side.per}` : ''}
        {side.lower && <span className={visuallyHidden}> (lower)</span>}
      </dd>
    </div>
  );
}
