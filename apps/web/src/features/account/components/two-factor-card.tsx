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
  return (
    <TextField
      label={recovery ? 'Recovery code' : '6-digit code from the app'}
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
  const confirm = useConfirmMfa();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'Enter the code');
    setFieldError(null);
    confirm.mutate({ code: parsed.data }, { onSuccess: (data) => onDone(data.recovery_codes) });
  }

  return (
    <Stack spacing={2.5} component="form" noValidate onSubmit={handleSubmit} aria-label="Confirm two-factor authentication" data-testid="mfa-setup">
      <Typography>
        1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…), or type the key in by hand.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="img"
          src={setup.qr_data_url}
          alt="QR code to add this account to an authenticator app"
          width={200}
          height={200}
          sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, p: 1, bgcolor: '#fff', alignSelf: { xs: 'center', sm: 'auto' } }}
          data-testid="mfa-qr"
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Key
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
                () => notify.success('Key copied'),
                () => undefined,
              )
            }
          >
            Copy key
          </Button>
        </Box>
      </Stack>
      <Typography>2. Enter the 6-digit code the app shows.</Typography>
      {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
      <CodeField value={code} onChange={setCode} error={fieldError} autoFocus />
      <Box>
        <Button type="submit" variant="contained" loading={confirm.isPending} data-testid="mfa-confirm">
          Turn on two-factor authentication
        </Button>
      </Box>
    </Stack>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
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
      <Alert severity="warning">
        Save these recovery codes somewhere safe, such as a password manager. Each signs you in once if you lose your phone. They are shown only now.
      </Alert>
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
              () => notify.success('Codes copied'),
              () => undefined,
            )
          }
        >
          Copy codes
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={handleDownload}>
          Download
        </Button>
        <Button variant="contained" onClick={onSaved} data-testid="recovery-codes-saved">
          I have saved them
        </Button>
      </Stack>
    </Stack>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'Enter the code');
    setFieldError(null);
    disable.mutate(useRecovery ? { password, recovery_code: parsed.data } : { password, code: parsed.data }, {
      onSuccess: () => {
        notify.success('Two-factor authentication is off');
        handleClose();
      },
    });
  }

  return (
    <Dialog open={open} onClose={disable.isPending ? undefined : handleClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Turn off two-factor authentication?</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Signing in will ask only for your password. Confirm with your password and a current code.
            </Typography>
            {disable.isError && <Alert severity="error">{errorMessage(disable.error)}</Alert>}
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoFocus
            />
            <CodeField value={code} onChange={setCode} error={fieldError} recovery={useRecovery} />
            <Box>
              <Button size="small" onClick={() => setUseRecovery((current) => !current)}>
                {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={handleClose} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={disable.isPending} data-testid="mfa-disable-confirm">
            Turn off
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Staff only: set up with a QR code and a first code; ten recovery codes shown once; off with password and code. */
export function TwoFactorCard({ profile }: { profile: Profile }) {
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
            On since {formatDate(mfa.enabled_at)}
          </Typography>
        </Stack>
        <Typography variant="body2" color={mfa.recovery_codes_left <= 2 ? 'error' : 'text.secondary'}>
          {mfa.recovery_codes_left} of 10 recovery codes left.
          {mfa.recovery_codes_left <= 2 && ' Turn two-factor authentication off and on again for a new set.'}
        </Typography>
        <Box>
          <Button variant="outlined" color="error" onClick={() => setIsDisabling(true)} data-testid="mfa-disable">
            Turn off
          </Button>
        </Box>
      </Stack>
    );
  } else if (start.data) {
    body = <SetupSteps setup={start.data} onDone={setCodes} />;
  } else {
    body = (
      <Stack spacing={2}>
        <Typography>
          Signing in will also ask for a code from an authenticator app on your phone, so a stolen password alone cannot open your account.
        </Typography>
        {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
        <Box>
          <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending} data-testid="mfa-start">
            Set up two-factor authentication
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Box id="two-factor" sx={{ scrollMarginTop: 88 }}>
      <SectionCard title="Two-factor authentication" subtitle="A code from your phone at every sign-in." data-testid="two-factor-card">
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          {mfa.required && !codes && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="mfa-required">
              Your organisation requires two-factor authentication for staff. Set it up to continue using the platform.
            </Alert>
          )}
          {body}
        </Box>
      </SectionCard>
      <DisableDialog open={isDisabling} onClose={() => setIsDisabling(false)} />
    </Box>
  );
}
