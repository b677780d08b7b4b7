import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useBoardT } from '../i18n';

const AddColumnDialog = lazy(() => import('./add-column-dialog').then((m) => ({ default: m.AddColumnDialog })));

/** Adds a column just before the done column; its dialog is fetched when first opened, then stays mounted. */
export function AddColumnButton({ projectId }: { projectId: string }) {
  const { t } = useBoardT();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        startIcon={<AddIcon />}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
        data-testid="add-column-button"
      >
        {t('addColumn.button')}
      </Button>
      {hasOpened && (
        <Suspense fallback={null}>
          <AddColumnDialog projectId={projectId} open={isOpen} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
