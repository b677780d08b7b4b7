import { changeEmailInput, type ChangeEmailInput, type Profile } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormPasswordField } from '../../../components/form-password-field';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useChangeEmail } from '../api/change-email';

/** A new address counts once the link sent to it is opened; the current address is told. */
export function EmailCard({ profile }: { profile: Profile }) {
  const change = useChangeEmail();
  const { control, handleSubmit, reset } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailInput),
    defaultValues: { email: '', password: '' },
  });

  function handleSend(values: ChangeEmailInput) {
    change.mutate(values, { onSuccess: () => reset() });
  }

  return (
    <SectionCard title="E-mail address" subtitle={`Currently ${profile.email}`} data-testid="email-card">
      <Box component="form" noValidate onSubmit={handleSubmit(handleSend)} aria-label="Change e-mail address" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {profile.pending_email && (
            <Alert severity="info" data-testid="pending-email">
              We sent a link to <strong>{profile.pending_email}</strong>. Open it to start using that address; until then you keep {profile.email}.
            </Alert>
          )}
          {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="email" label="New e-mail address" type="email" autoComplete="email" />
            <FormPasswordField control={control} name="password" label="Current password" autoComplete="current-password" />
          </Box>
          <Box>
            <Button type="submit" variant="outlined" loading={change.isPending} data-testid="email-submit">
              Send confirmation link
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
