import type { Proposal } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LazyTextField } from '../../../components/lazy-text-field';
import { Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { SignaturePad } from '../../../components/signature-pad';
import { errorMessage } from '../../../lib/http';
import { useProposalStep } from '../api/proposal-step';
import { useProposalsT } from '../i18n';

type AnswerProposalPanelProps = {
  proposal: Proposal;
  onAccepted: (proposal: Proposal) => void;
  onDeclined: (proposal: Proposal) => void;
  /** The session of the proposal's e-mailed link, when opened from it (the stored sign-in otherwise). */
  session?: string;
  /**
   * Given when the server asks for the 6-digit code e-mailed to the addressee before accepting (a proposal opened from
   * its e-mailed link): mails a code and answers the masked address it went to.
   */
  onRequestCode?: () => Promise<string>;
};

/**
 * Accept (typed name, an optional drawn signature, consent, and the e-mailed code when the server asks for one) or
 * Decline with a reason: an owner of the company answers.
 */
export function AnswerProposalPanel({ proposal, onAccepted, onDeclined, session, onRequestCode }: AnswerProposalPanelProps) {
  const { t } = useProposalsT();
  const step = useProposalStep(session);
  const [name, setName] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isDeclining, setIsDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [isReasonSubmitted, setIsReasonSubmitted] = useState(false);
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [codeRequestError, setCodeRequestError] = useState<string | null>(null);
  const isCodeNeeded = onRequestCode !== undefined;
  const isCodeValid = /^\d{6}$/.test(code.trim());
  const nameError = isSubmitted && name.trim().length < 2 ? t('answer.nameError') : null;
  const agreeError = isSubmitted && !agree ? t('answer.agreeError') : null;
  const codeError = isSubmitted && isCodeNeeded && !isCodeValid ? t('answer.codeError') : null;
  const reasonError = isReasonSubmitted && reason.trim().length < 3 ? t('answer.reasonError') : null;

  function handleAccept(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (name.trim().length < 2 || !agree || (isCodeNeeded && !isCodeValid)) return;
    step.mutate(
      {
        id: proposal.id,
        action: {
          step: 'accept',
          input: {
            signature_name: name.trim(),
            agree: true,
            ...(image ? { signature_image: image } : {}),
            ...(isCodeNeeded ? { code: code.trim() } : {}),
          },
        },
      },
      { onSuccess: (data) => onAccepted(data.proposal) },
    );
  }

  function handleRequestCode() {
    setCodeRequestError(null);
    onRequestCode?.().then(setCodeSentTo, (error: unknown) => setCodeRequestError(errorMessage(error)));
  }

  function handleDecline(event: FormEvent) {
    event.preventDefault();
    setIsReasonSubmitted(true);
    if (reason.trim().length < 3) return;
    step.mutate(
      { id: proposal.id, action: { step: 'decline', reason: reason.trim() } },
      {
        onSuccess: (data) => {
          setIsDeclining(false);
          onDeclined(data.proposal);
        },
      },
    );
  }

  return (
    <Suspense fallback={<Typography color="text.secondary">{t('answer.loading')}</Typography>}>
      <Box component="form" noValidate onSubmit={handleAccept} aria-label={t('answer.title')} data-testid="accept-panel">
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('answer.title')}
          </Typography>
          {step.isError && !isDeclining && <Alert severity="error">{errorMessage(step.error)}</Alert>}
          <LazyTextField
            label={t('answer.name')}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(nameError)}
            helperText={nameError ?? t('answer.nameHelp')}
            autoComplete="name"
            disabled={step.isPending}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'accept-name' } }}
          />
          <SignaturePad onChange={setImage} disabled={step.isPending} />
          <Box>
            {/* A plain box and label: the kit's checkbox would add its form-control machinery to every screen's first load. */}
            <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, cursor: 'pointer', py: 1 }}>
              <Box
                component="input"
                type="checkbox"
                checked={agree}
                onChange={(event: ChangeEvent<HTMLInputElement>) => setAgree(event.target.checked)}
                disabled={step.isPending}
                data-testid="accept-agree"
                sx={{ width: 22, height: 22, m: 0, flexShrink: 0, accentColor: (theme) => theme.palette.primary.main }}
              />
              <Typography component="span">{t('answer.agree')}</Typography>
            </Box>
            <FormHelperText error sx={{ mt: 0, ml: 4, minHeight: '1.66em' }}>
              {agreeError}
            </FormHelperText>
          </Box>
          {isCodeNeeded && (
            <Stack spacing={1.5} data-testid="accept-code">
              <Typography variant="body2">{t('answer.codeIntro')}</Typography>
              <Box>
                <Button variant="outlined" onClick={handleRequestCode} disabled={step.isPending} data-testid="accept-code-request">
                  {codeSentTo ? t('answer.sendNewCode') : t('answer.emailCode')}
                </Button>
              </Box>
              {codeSentTo && (
                <Typography variant="body2" color="text.secondary" role="status">
                  {t('answer.codeSent', { address: codeSentTo })}
                </Typography>
              )}
              {codeRequestError && <Alert severity="error">{codeRequestError}</Alert>}
              <LazyTextField
                label={t('answer.code')}
                required
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={Boolean(codeError)}
                helperText={codeError ?? ' '}
                autoComplete="one-time-code"
                disabled={step.isPending}
                slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric', 'data-testid': 'accept-code-input' } }}
              />
            </Stack>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('answer.record')} {session ? t('answer.contractByEmail') : t('answer.contractNext')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button type="submit" variant="contained" size="large" loading={step.isPending && !isDeclining} data-testid="accept-button">
              {t('answer.accept')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              size="large"
              onClick={() => setIsDeclining(true)}
              disabled={step.isPending}
              data-testid="decline-button"
            >
              {t('answer.decline')}
            </Button>
          </Stack>
        </Stack>
        <Dialog open={isDeclining} onClose={() => setIsDeclining(false)} fullWidth maxWidth="xs">
          <Box component="form" noValidate onSubmit={handleDecline}>
            <DialogTitle>{t('answer.declineTitle')}</DialogTitle>
            <DialogContent>
              {step.isError && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {errorMessage(step.error)}
                </Alert>
              )}
              <LazyTextField
                label={t('answer.reason')}
                required
                multiline
                minRows={3}
                fullWidth
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                error={Boolean(reasonError)}
                helperText={reasonError ?? t('answer.reasonHelp')}
                slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'decline-reason' } }}
                sx={{ mt: 1 }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setIsDeclining(false)}>{t('answer.cancel')}</Button>
              <Button type="submit" color="error" variant="contained" loading={step.isPending} data-testid="decline-confirm">
                {t('answer.decline')}
              </Button>
            </DialogActions>
          </Box>
        </Dialog>
      </Box>
    </Suspense>
  );
}
