import { LOCALES, type Locale, type Profile } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SectionCard } from '../../../components/section-card';
import { rememberLocale, setLocale, useCommonT, browserLocale } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

const FOLLOW_BROWSER = 'browser';

/** The person's language: saved on the profile (e-mails and PDFs follow it too) and applied at once. */
export function LanguageCard({ profile }: { profile: Profile }) {
  const { t } = useCommonT();
  const update = useUpdateProfile();

  function handleChange(value: string) {
    const locale = value === FOLLOW_BROWSER ? null : (value as Locale);
    update.mutate(
      { locale },
      {
        onSuccess: async () => {
          rememberLocale(locale);
          await setLocale(locale ?? browserLocale() ?? 'en-GB');
          notify.success(t('language.saved'));
        },
      },
    );
  }

  return (
    <SectionCard title={t('language.title')} subtitle={t('language.subtitle')} data-testid="profile-language">
      <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
        <TextField
          select
          label={t('language.label')}
          value={profile.locale ?? FOLLOW_BROWSER}
          onChange={(event) => handleChange(event.target.value)}
          disabled={update.isPending}
          sx={{ maxWidth: { sm: 360 } }}
          slotProps={{ select: { inputProps: { 'data-testid': 'profile-language-select' } } }}
        >
          <MenuItem value={FOLLOW_BROWSER}>{t('language.followBrowser')}</MenuItem>
          {LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>
              {t(`language.names.${locale}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </SectionCard>
  );
}
