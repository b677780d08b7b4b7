import type { Contract } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http';
import { useSignContract } from '../api/sign-contract';
import { useContractsT } from '../i18n';
import { SignaturePad } from '../../../components/signature-pad';

type SignContractPanelProps = { contract: Contract; onSigned: (contract: Contract) => void };

/** Typed name (required), an optional drawn signature, consent, and Sign behind a confirmation. */
export function SignContractPanel({ contract, onSigned }: SignContractPanelProps) {
  const { t } = useContractsT();
  const sign = useSignContract();
  const agreeId = useId();
  const [name, setName] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // Messages show once Sign was pressed, and the box's own once the box itself was changed: never on a field's
  // blur, which fires as the pointer goes down on the next control (the box, often) and would move it under it.
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isAgreeChanged, setIsAgreeChanged] = useState(false);
  const nameError = isSubmitted && name.trim().length < 2 ? t('signPanel.nameRequired') : null;
  const agreeError = (isSubmitted || isAgreeChanged) && !agree ? t('signPanel.agreeRequired') : null;

  function handleAgreeChange(checked: boolean) {
    setAgree(checked);
    setIsAgreeChanged(true);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (name.trim().length < 2 || !agree) return;
    setIsConfirming(true);
  }

  function handleConfirm() {
    sign.mutate(
      {
        id: contract.id,
        input: {
          signature_name: name.trim(),
          agree: true,
          ...(image ? { signature_image: image } : {}),
          ...(contract.document_sha256 ? { document_sha256: contract.document_sha256 } : {}),
        },
      },
      {
        onSuccess: (data) => {
          setIsConfirming(false);
          onSigned(data.contract);
        },
        onError: () => setIsConfirming(false),
      },
    );
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} data-testid="sign-panel" aria-label={t('signPanel.title')}>
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {t('signPanel.title')}
        </Typography>
        {sign.isError && <Alert severity="error">{errorMessage(sign.error)}</Alert>}
        <TextField
          label={t('signPanel.fullName')}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(nameError)}
          helperText={nameError ?? t('signPanel.fullNameHelp', { name: contract.signer.name })}
          autoComplete="name"
          disabled={sign.isPending}
          slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'signature-name' } }}
        />
        {name.trim().length >= 2 && !image && (
          <Box
            aria-hidden
            sx={{ fontFamily: '"Dancing Script", "Segoe Script", "Brush Script MT", cursive', fontSize: '2rem', color: '#13246b', px: 1 }}
          >
            {name.trim()}
          </Box>
        )}
        <SignaturePad onChange={setImage} disabled={sign.isPending} />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={agree}
                onChange={(event) => handleAgreeChange(event.target.checked)}
                disabled={sign.isPending}
                slotProps={{ input: { 'data-testid': 'signature-agree', 'aria-describedby': `${agreeId}-note ${agreeId}-error` } as object }}
              />
            }
            label={t('signPanel.agree')}
          />
          <FormHelperText id={`${agreeId}-note`} sx={{ mt: 0, ml: 4 }}>
            {t('signPanel.agreeNote')}
          </FormHelperText>
          {/* The message's line is kept whether it shows or not, so that it never moves what is around the box. */}
          <FormHelperText id={`${agreeId}-error`} error sx={{ mt: 0.25, ml: 4, minHeight: '1.66em' }}>
            {agreeError}
          </FormHelperText>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Trans
            t={t}
            i18nKey="signPanel.record"
            values={{ hash: contract.document_sha256 ?? '' }}
            // The fingerprint is isolated from the sentence around it, so that a right-to-left text keeps its brackets in place.
            components={{ hash: <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }} data-testid="document-hash" /> }}
          />
        </Typography>
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={sign.isPending}
            data-testid="sign-button"
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('signPanel.sign')}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={isConfirming}
        title={t('signPanel.confirmTitle')}
        confirmLabel={t('signPanel.confirmLabel')}
        confirmColor="primary"
        isPending={sign.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
      >
        <Trans
          t={t}
          i18nKey={image ? 'signPanel.confirmTextDrawn' : 'signPanel.confirmText'}
          values={{ title: contract.title, name: name.trim() }}
          components={{ strong: <strong /> }}
        />
      </ConfirmDialog>
    </Box>
  );
}
