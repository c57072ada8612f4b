/**
 * Health Info (member-transfer-flow.md sections 2, 3, 5 and 9): for the
 * allergies and for the health conditions, None ('No Known Allergies', 'No
 * Reported Health Conditions'), the common list as checkboxes, and other
 * entries added one row at a time, each picked from the lookup's suggestions
 * (from 3 letters). The rules (None clears the rest, a row must be picked
 * before another is added) are machines/member/rules/healthInfo.ts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { canAddRow, HEALTH_KINDS, HEALTH_LOOKUP, healthLabel, healthRowHint, lookupRetryable, rowSuggestions, type HealthFieldEvent, type HealthItem, type HealthKind, type HealthList, type HealthRow, type HealthSuggestions } from '../../../machines/member/rules/healthInfo.ts';
import { contact } from '../../content/contact.ts';
import { Button } from '../../ui/Button.tsx';
import { GatedButton } from '../../ui/GatedButton.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { ComboBox } from '../../ui/ComboBox.tsx';
import { LookupStatus } from '../../ui/LookupStatus.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import * as styles from './registration.css.ts';

const NAMES: Record<HealthKind, { legend: string; one: string; add: string }> = {
  allergies: { legend: 'Allergies', one: 'allergy', add: 'Add an allergy' },
  conditions: { legend: 'Health conditions', one: 'health condition', add: 'Add a health condition' },
};

const same = (a: HealthItem, b: HealthItem) => String(a.ref) === String(b.ref);

/** 'Penicillins', 'Penicillins and Peanut', 'Penicillins, Peanut and Sulfa'. */
const inWords = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
const wasOrWere = (names: string[]) => (names.length === 1 ? 'was' : 'were');

/**
 * What ticking None took away (the entries ticked and the rows added): said in the list's status,
 * since those boxes change where the focus is not. Empty when nothing else changed.
 */
function noneToggledWords(kind: HealthKind, list: HealthList, none: boolean): string {
  const noneLabel = HEALTH_KINDS[kind].noneLabel;
  if (!none) return '';
  const unticked = list.checked.map((i) => healthLabel(i.desc));
  const removed = list.rows.flatMap((r, index) => (r.picked ? [healthLabel(r.picked.desc)] : r.text.trim() ? [`Other ${NAMES[kind].one} ${index + 1}`] : []));
  const parts = [
    ...(unticked.length ? [`${inWords(unticked)} ${wasOrWere(unticked)} unticked`] : []),
    ...(removed.length ? [`${inWords(removed)} ${wasOrWere(removed)} removed`] : []),
  ];
  return parts.length ? `${noneLabel} is ticked: ${parts.join('; ')}.` : '';
}

export interface HealthListFieldsProps {
  kind: HealthKind;
  list: HealthList;
  /** The common entries offered (without the none entry); null while they load, 'unavailable' when they could not. */
  common: HealthItem[] | 'loading' | 'unavailable';
  suggestions: HealthSuggestions | null;
  /** A lookup is under way for the row being typed in. */
  looking: boolean;
  /** The list's error once shown. */
  error: string | undefined;
  busy: boolean;
  send: (event: HealthFieldEvent) => void;
  /** The entries on file (the review page's modals): shown ticked, not removable here; None is not offered beside them. */
  onFile?: HealthItem[];
}

export function HealthListFields({ kind, list, common, suggestions, looking, error, busy, send, onFile }: HealthListFieldsProps) {
  const names = NAMES[kind];
  const errorId = useId();
  const helpId = useId();
  const rowIdBase = useId();
  const rowId = (row: HealthRow) => `${rowIdBase}-row-${row.id}`;
  /** What the last None toggle changed elsewhere (said once). */
  const [said, setSaid] = useState('');
  // "Add an allergy" gives the new row's field the focus: the button then waits for a pick,
  // and what is typed next goes into the field.
  // A row's Remove goes with its row: the focus goes to Add (or, while it waits for a pick, to the last row).
  const addId = `${rowIdBase}-add`;
  const focusAfter = useRef<'added' | 'removed' | null>(null);
  const lastRow = list.rows.at(-1);
  useEffect(() => {
    const after = focusAfter.current;
    focusAfter.current = null;
    if (after === 'added' && lastRow) document.getElementById(rowId(lastRow))?.focus();
    if (after === 'removed') {
      const add = document.getElementById(addId);
      if (add && !(add as HTMLButtonElement).disabled) add.focus();
      else if (lastRow) document.getElementById(rowId(lastRow))?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a row added or removed moves the focus
  }, [list.rows.length]);
  return (
    <fieldset className={styles.healthList} aria-describedby={`${helpId}${error ? ` ${errorId}` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{names.legend}</legend>
      <div className={styles.checks}>
        {onFile ? (
          onFile.map((item) => (
            <Checkbox key={`file-${item.desc}`} isSelected isDisabled>
              {healthLabel(item.desc)} (on file)
            </Checkbox>
          ))
        ) : (
          <Checkbox
            isSelected={list.none}
            isReadOnly={busy}
            onChange={(none) => {
              setSaid(noneToggledWords(kind, list, none));
              send({ type: 'health.noneToggled', kind, none });
            }}
          >
            {HEALTH_KINDS[kind].noneLabel}
          </Checkbox>
        )}
        {common === 'loading' ? (
          <Skeleton lines={3} label={`Loading the common ${names.legend.toLowerCase()}`} />
        ) : common === 'unavailable' ? (
          <div>
            <p className={styles.note}>The list of common {names.legend.toLowerCase()} could not be loaded. You can still search for yours below.</p>
            <Button variant="secondary" size="small" onPress={() => send({ type: 'health.retried' })}>
              Try again
            </Button>
          </div>
        ) : (
          common.map((item) => (
            <Checkbox
              key={String(item.ref)}
              isSelected={list.checked.some((i) => same(i, item))}
              isReadOnly={busy}
              onChange={(on) => {
                setSaid(on && list.none ? `${healthLabel(item.desc)} is ticked: ${HEALTH_KINDS[kind].noneLabel} was unticked.` : '');
                send({ type: 'health.commonToggled', kind, item, on });
              }}
            >
              {healthLabel(item.desc)}
            </Checkbox>
          ))
        )}
      </div>
      {list.rows.map((row, index) => (
        <LookupRow
          key={row.id}
          id={rowId(row)}
          kind={kind}
          row={row}
          index={index}
          suggestions={suggestions}
          looking={looking}
          busy={busy}
          send={(event) => {
            if (event.type === 'health.rowRemoved') focusAfter.current = 'removed';
            send(event);
          }}
        />
      ))}
      {/* Stays focusable while it cannot add, and says why: None is ticked, or a row waits for its pick. */}
      <GatedButton
        id={addId}
        variant="secondary"
        size="small"
        hint="read"
        isPending={busy}
        missing={busy ? [] : list.none ? [HEALTH_KINDS[kind].noneTicked] : canAddRow(list) ? [] : [HEALTH_KINDS[kind].pickFirst]}
        onPress={() => {
          focusAfter.current = 'added';
          send({ type: 'health.rowAdded', kind });
        }}
      >
        {list.rows.length ? `Add another ${names.one}` : names.add}
      </GatedButton>
      <p id={helpId} className={styles.note}>
        {HEALTH_KINDS[kind].help(contact.mailOrder.phone)}
      </p>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      <p role="status" className={visuallyHidden}>
        {said}
      </p>
    </fieldset>
  );
}

/** One added entry: type 3 letters or more, pick a suggestion; Remove drops the row. */
function LookupRow({ id, kind, row, index, suggestions, looking, busy, send }: { id: string; kind: HealthKind; row: HealthRow; index: number } & Pick<HealthListFieldsProps, 'suggestions' | 'looking' | 'busy' | 'send'>) {
  const names = NAMES[kind];
  const mine = rowSuggestions(suggestions, kind, row.id);
  const items = (mine?.items ?? []).map((i) => ({ id: String(i.ref), name: healthLabel(i.desc), item: i }));
  const text = row.picked ? healthLabel(row.picked.desc) : row.text;
  const hint = healthRowHint(row, kind, suggestions, looking);
  const label = `Other ${names.one} ${index + 1}`;
  const hintId = `${id}-hint`;
  return (
    <div className={styles.lookupRow}>
      <div className={styles.lookupField}>
        <ComboBox
          id={id}
          label={label}
          items={items}
          inputValue={text}
          onInputChange={(typed) => typed !== text && send({ type: 'health.rowTyped', kind, id: row.id, text: typed })}
          selectedKey={row.picked ? String(row.picked.ref) : null}
          onSelectionChange={(key) => {
            const found = items.find((i) => i.id === key);
            if (found) send({ type: 'health.rowPicked', kind, id: row.id, item: found.item });
          }}
          allowsCustomValue
          // The suggestions open when they arrive, after typing or Search again, and only with options:
          // the hint below says Searching…, no matches or the failure, so the list never claims 'No matches' for a
          // lookup that failed or has not answered yet.
          lookup
          noMatches={null}
          autoComplete="off"
          isReadOnly={busy}
          aria-describedby={hintId}
        />
        {/* The hint (Searching…, no matches, the failure) in one polite status; a failure has Search again, the focus back in the field. */}
        <LookupStatus
          id={hintId}
          text={hint}
          retry={
            !looking && lookupRetryable(suggestions, kind, row.id)
              ? {
                  label: HEALTH_LOOKUP.searchAgain,
                  isDisabled: busy,
                  onPress: () => {
                    send({ type: 'health.lookupRetried', kind, id: row.id });
                    document.getElementById(id)?.focus();
                  },
                }
              : null
          }
        />
      </div>
      <div className={styles.lookupRemove}>
        <Button variant="quiet" size="small" aria-label={`Remove ${label}`} isDisabled={busy} onPress={() => send({ type: 'health.rowRemoved', kind, id: row.id })}>
          Remove
        </Button>
      </div>
    </div>
  );
}
