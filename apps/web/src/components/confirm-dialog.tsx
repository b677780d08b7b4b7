import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-content';

// Most screens ask for a confirmation only after a click: the dialog's parts are fetched when it first opens.
const ConfirmDialogContent = lazy(() => import('./confirm-dialog-content').then((m) => ({ default: m.ConfirmDialogContent })));

/** A confirmation dialog; mounted from its first opening on, so that it closes with its transition. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [hasOpened, setHasOpened] = useState(props.open);
  if (props.open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
