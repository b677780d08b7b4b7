import { BRAND_LOGO_MAX_BYTES, type BrandSettings } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { i18n } from '../../../i18n';
import { useRemoveLogo, useUploadLogo } from '../api/brand-settings';
import { useBrandT } from '../i18n';

const ACCEPTED = ['image/svg+xml', 'image/png'];

/** The file's problem before it is sent, or null: the server checks the same (and the bytes themselves). */
export function logoFileProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type) && !/\.(svg|png)$/i.test(file.name)) return i18n.t('brand:logo.wrongType');
  if (file.size > BRAND_LOGO_MAX_BYTES) return i18n.t('brand:logo.tooLarge', { max: BRAND_LOGO_MAX_BYTES / 1024, size: Math.ceil(file.size / 1024) });
  return null;
}

/** The logo: its preview on the app bar's dark surface and on white, upload and removal (confirmed). */
export function LogoCard({ brand }: { brand: BrandSettings }) {
  const { t } = useBrandT();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = logoFileProblem(file);
    setProblem(found);
    if (!found) upload.mutate(file);
  }

  const failure = upload.isError ? errorMessage(upload.error) : remove.isError ? errorMessage(remove.error) : null;
  return (
    <SectionCard title={t('logo.title')} subtitle={t('logo.subtitle', { max: BRAND_LOGO_MAX_BYTES / 1024 })} data-testid="logo-card">
      <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
        {(problem || failure) && (
          <Alert severity="error" data-testid="logo-error">
            {problem ?? failure}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          {(['#0f172a', '#ffffff'] as const).map((surface) => (
            <Box
              key={surface}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 2,
                py: 1.5,
                borderRadius: 2,
                bgcolor: surface,
                color: surface === '#ffffff' ? 'text.primary' : '#fff',
                border: '1px solid',
                borderColor: 'divider',
                minWidth: 0,
              }}
            >
              {brand.logo_url ? (
                <Box
                  component="img"
                  src={brand.logo_url}
                  alt={t('logo.current')}
                  sx={{ height: 40, maxWidth: 160, objectFit: 'contain' }}
                  data-testid="logo-preview"
                />
              ) : (
                <Typography variant="body2" sx={{ opacity: 0.8 }}>
                  {t('logo.none')}
                </Typography>
              )}
              <Typography sx={{ fontWeight: 800 }} noWrap>
                {brand.effective.agency_name}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Stack direction="row" spacing={1.5}>
          <input ref={input} type="file" accept=".svg,.png,image/svg+xml,image/png" hidden onChange={handleFile} data-testid="logo-input" />
          <Button variant="outlined" onClick={() => input.current?.click()} loading={upload.isPending}>
            {brand.logo_url ? t('logo.replace') : t('logo.upload')}
          </Button>
          {brand.logo_url && (
            <Button color="error" onClick={() => setConfirming(true)}>
              {t('logo.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('logo.removeTitle')}
        confirmLabel={t('logo.remove')}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        {t('logo.removeText')}
      </ConfirmDialog>
    </SectionCard>
  );
}
