import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './ModalDialog.tsx';

export type { ModalProps };

const ModalDialog = lazy(() => import('./ModalDialog.tsx'));

/**
 * A modal dialog: focus moves into it on open, stays inside, and returns to
 * the trigger on close. Its react-aria code loads the first time it opens, so
 * a page that only might show a modal does not pay for it on its first load.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
