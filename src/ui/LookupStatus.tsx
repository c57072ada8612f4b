import { Button } from './Button.tsx';
import { visuallyHidden } from './a11y.css.ts';
import * as field from './field.css.ts';
import * as styles from './lookupStatus.css.ts';

export interface LookupStatusProps {
  /** The region's id: its field names it in `aria-describedby`, so the text is also read with the field. */
  id: string;
  /** What the lookup says now ('Searching…', no matches, its failure); empty: nothing shown. */
  text: string | undefined;
  /** The button beside a failed lookup's text (Search again): the same text looked up, nothing retyped. */
  retry?: { label: string; onPress: () => void; isDisabled?: boolean } | null;
}

/**
 * What a lookup run as the person types says, under its field (the drug name, the allergy
 * and condition rows, the zip's city and state): one polite status region, there (empty) from the
 * field's first render, so a screen reader hears each new text once, 'Searching…' once however many
 * keys. react-aria wires a `description` to its field only when the error changes, and does not
 * announce it. A failed lookup has its button beside its text.
 */
export function LookupStatus({ id, text, retry }: LookupStatusProps) {
  return (
    <div className={text || retry ? styles.shown : undefined}>
      <span id={id} role="status" className={text ? field.description : visuallyHidden}>
        {text}
      </span>
      {retry && (
        <Button variant="secondary" size="small" isDisabled={retry.isDisabled} onPress={retry.onPress}>
          {retry.label}
        </Button>
      )}
    </div>
  );
}
