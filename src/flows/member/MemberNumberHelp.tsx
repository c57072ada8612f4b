import { useId, useState } from 'react';
import { NativeButton } from '../../ui/NativeButton.tsx';
import * as styles from './member.css.ts';

/**
 * The picture of where the member number is printed (the documents' tooltip
 * image), as a toggletip: a button shows and hides it, so it works by
 * keyboard, by touch and with a screen reader (a hover tooltip would not).
 */
export function MemberNumberHelp() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.help}>
      <NativeButton variant="quiet" size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Where do I find my member number?
      </NativeButton>
      <div id={id} hidden={!open}>
        <img src="/images/member-id-card.svg" width={340} height={214} alt="A member ID card: the member number is printed under the member's name." />
      </div>
    </div>
  );
}
