import { TOOL_CATEGORIES, createToolRequestInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/http';
import { useCreateToolRequest } from '../api/create-tool-request';
import { FormDateInput } from '../../../components/date-input';
import { i18n } from '../../../i18n';
import { TOOL_CATEGORY_KEYS, useToolsT } from '../i18n';

const todayIso = () => new Date().toISOString().slice(0, 10);

// Text fields hold strings; the quantity and an empty date become the API's number and absent field.
const formSchema = z.object({
  name: createToolRequestInput.shape.name,
  // The select starts empty; only a listed category passes.
  category: z.string().pipe(createToolRequestInput.shape.category),
  reason: createToolRequestInput.shape.reason,
  quantity: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: () => i18n.t('tools:form.quantityWhole') })
    .transform(Number)
    .pipe(createToolRequestInput.shape.quantity),
  needed_by: z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), { error: () => i18n.t('tools:form.wholeDate') })
    .refine((value) => value === '' || value >= todayIso(), { error: () => i18n.t('tools:form.notPast') }),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const EMPTY: FormInput = { name: '', category: '', reason: '', quantity: '1', needed_by: '' };

export function ToolRequestForm() {
  const { t } = useToolsT();
  const createRequest = useCreateToolRequest();
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });

  function handleValidSubmit(values: FormOutput) {
    createRequest.mutate(
      { name: values.name, category: values.category, reason: values.reason, quantity: values.quantity, needed_by: values.needed_by || undefined },
      {
        onSuccess: ({ tool_request }) => {
          notify.success(t('form.sent', { name: tool_request.name }));
          reset(EMPTY);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label={t('form.label')} data-testid="tool-request-form">
      <Stack spacing={2.5} sx={{ p: { xs: 2, sm: 3 } }}>
        {createRequest.isError && (
          <Alert severity="error" data-testid="form-error">
            {errorMessage(createRequest.error)}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <FormTextField control={control} name="name" label={t('form.tool')} required placeholder={t('form.toolPlaceholder')} />
          <FormTextField
            control={control}
            name="category"
            label={t('form.category')}
            select
            required
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'tool-category' } as object } }}
          >
            {TOOL_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {t(`categories.${TOOL_CATEGORY_KEYS[category]}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
        <FormTextField control={control} name="reason" label={t('form.reason')} required multiline minRows={3} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="quantity" label={t('form.quantity')} required inputMode="numeric" />
          <FormDateInput control={control} name="needed_by" label={t('form.neededBy')} helperText={t('form.optional')} min={todayIso()} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" loading={createRequest.isPending} data-testid="tool-request-submit">
            {t('form.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
