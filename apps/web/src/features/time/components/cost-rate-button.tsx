import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import type { CostRateDialogProps } from './cost-rate-dialog';
import { useTimeT } from '../i18n';

// The dialog (with its date picker) is fetched when staff first open it.
const CostRateDialog = lazy(() => import('./cost-rate-dialog').then((m) => ({ default: m.CostRateDialog })));

type Person = CostRateDialogProps['person'];

/** "Cost rate" for one team lead or member, in a row of people. */
export function CostRateButton({ person, onOpen }: { person: Person; onOpen: (person: Person) => void }) {
  const { t } = useTimeT();
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onOpen(person)}
      aria-label={t('costRate.of', { name: person.name })}
      data-testid="open-cost-rate"
    >
      {t('costRate.button')}
    </Button>
  );
}

/**
 * The dialog that shows and sets what an hour of a person costs, for the person chosen (none: closed). Kept by the
 * screen, not by a row: a row is drawn again as a card on a narrow screen, and the dialog stays open through that.
 */
export function CostRateEditor({ person, onClose }: { person: Person | null; onClose: () => void }) {
  if (!person) return null;
  return (
    <Suspense fallback={null}>
      <CostRateDialog key={person.id} person={person} open onClose={onClose} />
    </Suspense>
  );
}
