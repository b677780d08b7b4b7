import { CURRENCIES, createProjectInput, type Project } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { i18n } from '../../../i18n';
import { currencyDecimals, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useCreateProject } from '../api/create-project';
import { useUploadProjectAttachments } from '../api/upload-project-attachments';
import { useProjectsT } from '../i18n';
import { AttachmentPicker } from './attachment-picker';
import { FormDateInput } from '../../../components/date-input';

const todayIso = () => new Date().toISOString().slice(0, 10);

// The form keeps what the person typed (a budget in major units, empty strings for blank fields) and turns it
// into the API's input: integer minor units of the chosen currency, optional fields left out. Its messages are read
// from the catalogue when a field is checked, in the language shown then.
const fieldsSchema = z.object({
  title: createProjectInput.shape.title,
  description: createProjectInput.shape.description,
  category: z
    .string()
    .trim()
    .max(60, { error: () => i18n.t('projects:form.errors.category') }),
  budget: z.string().trim(),
  currency: z.enum(CURRENCIES),
  deadline: z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), { error: () => i18n.t('projects:form.errors.wholeDate') })
    .refine((value) => value === '' || value >= todayIso(), { error: () => i18n.t('projects:form.errors.pastDeadline') }),
});

/** "1500 or 1500.50" for a currency with cents, "1500" for one without. */
function amountExample(currency: string): string {
  const decimals = currencyDecimals(currency) ?? 2;
  return decimals === 0 ? '1500' : i18n.t('projects:form.amountExample', { whole: '1500', decimal: `1500.${'5'.padEnd(decimals, '0')}` });
}

// The budget is checked against its currency's decimals, whenever the two fields themselves are readable.
const budgetFields = fieldsSchema.pick({ budget: true, currency: true });
const whenBudgetReadable = { path: ['budget'], when: (payload: { value: unknown }) => budgetFields.safeParse(payload.value).success };
const formSchema = fieldsSchema
  .refine(({ budget, currency }) => budget === '' || toMinorUnits(budget, currency) !== null, {
    ...whenBudgetReadable,
    error: (issue) => i18n.t('projects:form.errors.amount', { example: amountExample((issue.input as { currency: string }).currency) }),
  })
  .refine(({ budget, currency }) => budget === '' || createProjectInput.shape.budget_minor.safeParse(toMinorUnits(budget, currency)).success, {
    ...whenBudgetReadable,
    error: () => i18n.t('projects:form.errors.tooLarge'),
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

type CreateProjectFormProps = {
  /** Where the new project can be opened. */
  projectPath: (id: string) => string;
  /** The budget and its currency; off for a company's members, who handle no amounts (the server refuses them one). */
  withBudget?: boolean;
};

type Created = { project: Project; uploadError: string | null };

export function CreateProjectForm({ projectPath, withBudget = true }: CreateProjectFormProps) {
  const { t } = useProjectsT();
  const createProject = useCreateProject();
  const upload = useUploadProjectAttachments();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { title: '', description: '', category: '', budget: '', currency: 'GBP', deadline: '' },
  });
  const currency = useWatch({ control, name: 'currency' });

  const isBusy = createProject.isPending || upload.isPending;

  async function handleValidSubmit(values: FormOutput) {
    let project: Project;
    try {
      ({ project } = await createProject.mutateAsync({
        title: values.title,
        description: values.description,
        category: values.category || undefined,
        ...(withBudget
          ? { budget_minor: values.budget ? (toMinorUnits(values.budget, values.currency) ?? undefined) : undefined, currency: values.currency }
          : {}),
        deadline: values.deadline || undefined,
      }));
    } catch {
      return;
    }
    let uploadError: string | null = null;
    if (files.length > 0) {
      setProgress(0);
      try {
        await upload.mutateAsync({
          projectId: project.id,
          files,
          onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)),
        });
      } catch (error) {
        uploadError = errorMessage(error);
      }
      setProgress(null);
    }
    setCreated({ project, uploadError });
  }

  function handleCreateAnother() {
    setCreated(null);
    setFiles([]);
    createProject.reset();
    upload.reset();
    reset();
  }

  if (created) {
    return (
      <Stack spacing={2.5} data-testid="project-created">
        <Alert severity="success" icon={<CheckCircleOutlineIcon />}>
          <Trans t={t} i18nKey="form.created" values={{ title: created.project.title }} components={{ strong: <strong /> }} />
        </Alert>
        {created.uploadError && (
          <Alert severity="warning" data-testid="upload-error">
            {t('form.uploadError', { error: created.uploadError })}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button component={Link} to={projectPath(created.project.id)} variant="contained" data-testid="open-created-project">
            {t('form.viewProject')}
          </Button>
          <Button variant="outlined" onClick={handleCreateAnother}>
            {t('form.createAnother')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label={t('form.label')} data-testid="create-project-form">
      <Stack spacing={2.5}>
        {createProject.isError && (
          <Alert severity="error" data-testid="form-error">
            {errorMessage(createProject.error)}
          </Alert>
        )}
        <FormTextField control={control} name="title" label={t('form.title')} required autoFocus disabled={isBusy} />
        <FormTextField
          control={control}
          name="description"
          label={t('form.description')}
          required
          multiline
          minRows={4}
          disabled={isBusy}
          helperText={t('form.descriptionHelper')}
        />
        <FormTextField control={control} name="category" label={t('form.category')} disabled={isBusy} helperText={t('form.categoryHelper')} />
        {withBudget && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <FormTextField
              control={control}
              name="budget"
              label={t('form.budget')}
              inputMode="decimal"
              disabled={isBusy}
              helperText={t('form.budgetHelper', { example: amountExample(currency) })}
            />
            <FormTextField control={control} name="currency" label={t('form.currency')} select disabled={isBusy}>
              {CURRENCIES.map((currency) => (
                <MenuItem key={currency} value={currency}>
                  {currency}
                </MenuItem>
              ))}
            </FormTextField>
          </Box>
        )}
        <FormDateInput
          control={control}
          name="deadline"
          label={t('form.deadline')}
          disabled={isBusy}
          min={todayIso()}
          helperText={t('form.optional')}
        />
        <Box>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('form.attachments')}
          </Typography>
          <AttachmentPicker files={files} onChange={setFiles} disabled={isBusy} />
        </Box>
        {progress !== null && (
          <Box role="status" aria-live="polite" data-testid="upload-progress">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {t('form.uploading', { progress })}
            </Typography>
            <LinearProgress variant="determinate" value={progress} aria-label={t('form.uploadProgress')} />
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" size="large" loading={isBusy} data-testid="create-project-submit">
            {t('form.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
