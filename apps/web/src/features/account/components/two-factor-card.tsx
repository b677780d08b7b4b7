import { recoveryCodeSchema, totpCodeSchema, type MfaSetupResponse, type Profile } from '@agency/schema';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useConfirmMfa, useMfaTurnedOn } from '../api/confirm-mfa';
import { useDisableMfa } from '../api/disable-mfa';
import { useStartMfaSetup } from '../api/start-mfa-setup';
import { useAccountT } from '../i18n';

/** The key typed by hand, in groups of four so it can be read out and checked. */
function groupedSecret(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function CodeField({
  value,
  onChange,
  error,
  recovery = false,
  autoFocus = false,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useAccountT();
  return (
    <TextField
      label={recovery ? t('mfa.recoveryCode') : t('mfa.appCode')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={error ?? ' '}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      slotProps={{ htmlInput: recovery ? { spellCheck: false, autoCapitalize: 'none' } : { inputMode: 'numeric', maxLength: 7 } }}
      data-testid={recovery ? 'recovery-code-field' : 'totp-code-field'}
      sx={{ maxWidth: 320 }}
    />
  );
}

function SetupSteps({ setup, onDone }: { setup: MfaSetupResponse; onDone: (codes: string[]) => void }) {
  const { t } = useAccountT();
  const confirm = useConfirmMfa();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? t('mfa.enterCode'));
    setFieldError(null);
    confirm.mutate({ code: parsed.data }, { onSuccess: (data) => onDone(data.recovery_codes) });
  }

  return (
    <Stack spacing={2.5} component="form" noValidate onSubmit={handleSubmit} aria-label={t('mfa.confirmForm')} data-testid="mfa-setup">
      <Typography>{t('mfa.step1')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="img"
          src={setup.qr_data_url}
          alt={t('mfa.qrAlt')}
          width={200}
          height={200}
          sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, p: 1, bgcolor: '#fff', alignSelf: { xs: 'center', sm: 'auto' } }}
          data-testid="mfa-qr"
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('mfa.key')}
          </Typography>
          <Typography
            component="code"
            sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', display: 'block' }}
            data-testid="mfa-secret"
          >
            {groupedSecret(setup.secret)}
          </Typography>
          <Button
            size="small"
            startIcon={<ContentCopyIcon />}
            sx={{ mt: 1 }}
            onClick={() =>
              navigator.clipboard?.writeText(setup.secret).then(
                () => notify.success(t('mfa.keyCopied')),
                () => undefined,
              )
            }
          >
            {t('mfa.copyKey')}
          </Button>
        </Box>
      </Stack>
      <Typography>{t('mfa.step2')}</Typography>
      {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
      <CodeField value={code} onChange={setCode} error={fieldError} autoFocus />
      <Box>
        <Button type="submit" variant="contained" loading={confirm.isPending} data-testid="mfa-confirm">
          {t('mfa.turnOn')}
        </Button>
      </Box>
    </Stack>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useAccountT();
  const text = `${codes.join('\n')}\n`;
  function handleDownload() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Alert severity="warning">{t('mfa.saveCodes')}</Alert>
      <Box
        component="ol"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 0.75, m: 0, pl: 4 }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            navigator.clipboard?.writeText(text).then(
              () => notify.success(t('mfa.codesCopied')),
              () => undefined,
            )
          }
        >
          {t('mfa.copyCodes')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={handleDownload}>
          {t('mfa.download')}
        </Button>
        <Button variant="contained" onClick={onSaved} data-testid="recovery-codes-saved">
          {t('mfa.saved')}
        </Button>
      </Stack>
    </Stack>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAccountT();
  const titleId = useId();
  const disable = useDisableMfa();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  function handleClose() {
    setPassword('');
    setCode('');
    setFieldError(null);
    disable.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(code);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? t('mfa.enterCode'));
    setFieldError(null);
    disable.mutate(useRecovery ? { password, recovery_code: parsed.data } : { password, code: parsed.data }, {
      onSuccess: () => {
        notify.success(t('mfa.turnedOff'));
        handleClose();
      },
    });
  }

  return (
    <Dialog open={open} onClose={disable.isPending ? undefined : handleClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('mfa.disableTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('mfa.disableText')}
            </Typography>
            {disable.isError && <Alert severity="error">{errorMessage(disable.error)}</Alert>}
            <TextField
              label={t('mfa.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoFocus
            />
            <CodeField value={code} onChange={setCode} error={fieldError} recovery={useRecovery} />
            <Box>
              <Button size="small" onClick={() => setUseRecovery((current) => !current)}>
                {useRecovery ? t('mfa.useAppCode') : t('mfa.useRecoveryCode')}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={handleClose} disabled={disable.isPending}>
            {t('mfa.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={disable.isPending} data-testid="mfa-disable-confirm">
            {t('mfa.turnOff')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Staff only: set up with a QR code and a first code; ten recovery codes shown once; off with password and code. */
export function TwoFactorCard({ profile }: { profile: Profile }) {
  const { t } = useAccountT();
  const start = useStartMfaSetup();
  const refresh = useMfaTurnedOn();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isDisabling, setIsDisabling] = useState(false);
  const { mfa } = profile;

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onSaved={() => {
          setCodes(null);
          start.reset();
          void refresh();
        }}
      />
    );
  } else if (mfa.enabled) {
    body = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircleIcon color="success" aria-hidden="true" />
          <Typography sx={{ fontWeight: 600 }} data-testid="mfa-status">
            {t('mfa.onSince', { date: formatDate(mfa.enabled_at) })}
          </Typography>
        </Stack>
        <Typography variant="body2" color={mfa.recovery_codes_left <= 2 ? 'error' : 'text.secondary'}>
          {t('mfa.codesLeft', { left: mfa.recovery_codes_left })}
          {mfa.recovery_codes_left <= 2 && t('mfa.codesLow')}
        </Typography>
        <Box>
          <Button variant="outlined" color="error" onClick={() => setIsDisabling(true)} data-testid="mfa-disable">
            {t('mfa.turnOff')}
          </Button>
        </Box>
      </Stack>
    );
  } else if (start.data) {
    body = <SetupSteps setup={start.data} onDone={setCodes} />;
  } else {
    body = (
      <Stack spacing={2}>
        <Typography>{t('mfa.intro')}</Typography>
        {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
        <Box>
          <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending} data-testid="mfa-start">
            {t('mfa.setUp')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Box id="two-factor" sx={{ scrollMarginTop: 88 }}>
      <SectionCard title={t('mfa.title')} subtitle={t('mfa.subtitle')} data-testid="two-factor-card">
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          {mfa.required && !codes && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="mfa-required">
              {t('mfa.required')}
            </Alert>
          )}
          {body}
        </Box>
      </SectionCard>
      <DisableDialog open={isDisabling} onClose={() => setIsDisabling(false)} />
    </Box>
  );
}
