import type { Company } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCompany } from '../api/get-company';
import { companyDetailsInput, useUpdateCompany, type CompanyDetails, type CompanyDetailsForm } from '../api/update-company';
import { useCompaniesT } from '../i18n';
import { countryName, countryOptions } from '../utils/countries';

function formValues(company: Company): CompanyDetailsForm {
  return {
    name: company.name,
    billing_address: company.billing_address ?? '',
    country: company.country ?? '',
    tax_number: company.tax_number ?? '',
    billing_email: company.billing_email ?? '',
  };
}

function DetailsForm({ company }: { company: Company }) {
  const { t } = useCompaniesT();
  const update = useUpdateCompany();
  const { control, handleSubmit, formState } = useForm<CompanyDetailsForm, unknown, CompanyDetails>({
    resolver: zodResolver(companyDetailsInput),
    values: formValues(company),
  });

  function handleSave(values: CompanyDetails) {
    update.mutate(values, { onSuccess: () => notify.success(t('details.saved')) });
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(handleSave)} aria-label={t('details.formLabel')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
        {update.isError && (
          <Alert severity="error" data-testid="company-form-error">
            {errorMessage(update.error)}
          </Alert>
        )}
        <FormTextField control={control} name="name" label={t('details.name')} autoComplete="organization" required />
        <FormTextField
          control={control}
          name="billing_address"
          label={t('details.billingAddress')}
          autoComplete="street-address"
          multiline
          minRows={3}
          helperText={t('details.billingAddressHint')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('details.country')}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ flex: 1 }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'company-country' } }}
              >
                <option value="">{t('details.notSet')}</option>
                {countryOptions().map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </TextField>
            )}
          />
          <FormTextField control={control} name="tax_number" label={t('details.taxNumber')} sx={{ flex: 1 }} />
        </Stack>
        <FormTextField
          control={control}
          name="billing_email"
          label={t('details.billingEmail')}
          type="email"
          autoComplete="email"
          helperText={t('details.billingEmailHint')}
        />
        <Box>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty} data-testid="company-save">
            {t('details.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, mb: { xs: 1.25, sm: 0 }, '&:last-of-type': { mb: 0 }, fontWeight: 600, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The company's details as a list, for everyone who may not change them (and for staff). */
export function CompanyFacts({ company }: { company: Company }) {
  const { t } = useCompaniesT();
  const notSet = (
    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      {t('details.notSet')}
    </Box>
  );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
      data-testid="company-facts"
    >
      <Fact label={t('details.name')}>{company.name}</Fact>
      <Fact label={t('details.billingAddress')}>{company.billing_address || notSet}</Fact>
      <Fact label={t('details.country')}>{company.country ? countryName(company.country) : notSet}</Fact>
      <Fact label={t('details.taxNumber')}>{company.tax_number || notSet}</Fact>
      <Fact label={t('details.billingEmail')}>{company.billing_email || notSet}</Fact>
    </Box>
  );
}

type CompanyDetailsCardProps = { canEdit: boolean };

/** The signed-in client's company: a form for its owners, the details as they stand for everyone else. */
export function CompanyDetailsCard({ canEdit }: CompanyDetailsCardProps) {
  const { t } = useCompaniesT();
  const company = useCompany();
  let body;
  if (company.isPending) body = <ListLoading label={t('details.loading')} />;
  else if (company.isError) body = <ListError message={errorMessage(company.error)} onRetry={() => void company.refetch()} />;
  else if (canEdit) body = <DetailsForm company={company.data.company} />;
  else {
    body = (
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <CompanyFacts company={company.data.company} />
      </Box>
    );
  }
  return (
    <SectionCard title={t('details.title')} subtitle={canEdit ? t('details.subtitleOwner') : t('details.subtitle')} data-testid="company-details">
      {body}
    </SectionCard>
  );
}
