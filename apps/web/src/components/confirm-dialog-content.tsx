import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useCommonT } from '../i18n';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red by default: most confirmations guard a destructive action. */
  confirmColor?: ButtonProps['color'];
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The dialog itself, loaded by `ConfirmDialog` the first time it opens. */
export function ConfirmDialogContent({
  open,
  title,
  children,
  confirmLabel,
  confirmColor = 'error',
  isPending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useCommonT();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="confirm-dialog">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isPending}>
          {t('shared.cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={confirmColor} loading={isPending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
