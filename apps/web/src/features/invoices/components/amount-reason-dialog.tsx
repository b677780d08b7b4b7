import type { Currency } from '@agency/schema';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useInvoicesT } from '../i18n';

type TextFieldProps = { label: string; value: string; onChange: (value: string) => void; maxLength: number; testId: string };

type Props = {
  open: boolean;
  title: string;
  confirmLabel: string;
  isPending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** What the action does, above the fields. */
  intro: ReactNode;
  currency: Currency;
  amount: { value: string; onChange: (value: string) => void; testId: string };
  /** The words that go with the amount: a bank reference, a reason. */
  text: TextFieldProps;
  /** Fields between the amount and the text (the day a payment was received). */
  children?: ReactNode;
  error: string | null;
};

/** An amount in the invoice's currency and the words that go with it, confirmed: recording a payment, issuing a credit note. */
export function AmountReasonDialog({
  open,
  title,
  confirmLabel,
  isPending,
  onClose,
  onConfirm,
  intro,
  currency,
  amount,
  text,
  children,
  error,
}: Props) {
  const { t } = useInvoicesT();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor="primary"
      isPending={isPending}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <span>{intro}</span>
        <TextField
          label={t('amountLabel', { currency })}
          value={amount.value}
          onChange={(e) => amount.onChange(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': amount.testId } }}
          autoFocus
        />
        {children}
        <TextField
          label={text.label}
          value={text.value}
          onChange={(e) => text.onChange(e.target.value)}
          slotProps={{ htmlInput: { maxLength: text.maxLength, 'data-testid': text.testId } }}
        />
        {error && (
          <Typography role="alert" color="error" variant="body2">
            {error}
          </Typography>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
