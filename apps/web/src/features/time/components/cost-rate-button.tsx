import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';

// The dialog (with its date picker) is fetched when staff first open it.
const CostRateDialog = lazy(() => import('./cost-rate-dialog').then((m) => ({ default: m.CostRateDialog })));

/** "Cost rate" for one team lead or member: opens the dialog that shows and sets what an hour of theirs costs. */
export function CostRateButton({ person }: { person: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} aria-label={`Cost rate of ${person.name}`} data-testid="open-cost-rate">
        Cost rate
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CostRateDialog person={person} open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
