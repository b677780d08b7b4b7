import { changePasswordInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormPasswordField } from '../../../components/form-password-field';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useChangePassword } from '../api/change-password';

const passwordFormSchema = changePasswordInput
  .extend({ confirm_password: z.string().min(1, 'Confirm your new password') })
  .refine((values) => values.password === values.confirm_password, { message: 'Passwords do not match', path: ['confirm_password'] });
type PasswordFormValues = z.input<typeof passwordFormSchema>;

export function PasswordCard() {
  const change = useChangePassword();
  const { control, handleSubmit, reset } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });

  function handleChange({ current_password, password }: PasswordFormValues) {
    change.mutate({ current_password, password }, { onSuccess: () => reset() });
  }

  return (
    <SectionCard title="Password" subtitle="Changing it signs you out everywhere else; this device stays signed in." data-testid="password-card">
      <Box component="form" noValidate onSubmit={handleSubmit(handleChange)} aria-label="Change password" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {change.isSuccess && (
            <Alert severity="success" role="status" data-testid="password-changed">
              Your password was changed, and your other sessions were signed out.
            </Alert>
          )}
          {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
            <FormPasswordField control={control} name="current_password" label="Current password" autoComplete="current-password" />
            <FormPasswordField
              control={control}
              name="password"
              label="New password"
              autoComplete="new-password"
              helperText="At least 8 characters"
            />
            <FormPasswordField control={control} name="confirm_password" label="Confirm new password" autoComplete="new-password" />
          </Box>
          <Box>
            <Button type="submit" variant="outlined" loading={change.isPending} data-testid="password-submit">
              Change password
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
