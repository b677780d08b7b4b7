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

const todayIso = () => new Date().toISOString().slice(0, 10);

// Text fields hold strings; the quantity and an empty date become the API's number and absent field.
const formSchema = z.object({
  name: createToolRequestInput.shape.name,
  // The select starts empty; only a listed category passes.
  category: z.string().pipe(createToolRequestInput.shape.category),
  reason: createToolRequestInput.shape.reason,
  quantity: z.string().trim().regex(/^\d+$/, 'Quantity must be a whole number').transform(Number).pipe(createToolRequestInput.shape.quantity),
  needed_by: z
    .string()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Enter the whole date, as dd/mm/yyyy')
    .refine((value) => value === '' || value >= todayIso(), 'The date cannot be in the past'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const EMPTY: FormInput = { name: '', category: '', reason: '', quantity: '1', needed_by: '' };

export function ToolRequestForm() {
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
          notify.success(`Request for ${tool_request.name} sent`);
          reset(EMPTY);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label="Request a tool" data-testid="tool-request-form">
      <Stack spacing={2.5} sx={{ p: { xs: 2, sm: 3 } }}>
        {createRequest.isError && (
          <Alert severity="error" data-testid="form-error">
            {errorMessage(createRequest.error)}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <FormTextField control={control} name="name" label="Tool" required placeholder="e.g. Figma Professional" />
          <FormTextField
            control={control}
            name="category"
            label="Category"
            select
            required
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'tool-category' } as object } }}
          >
            {TOOL_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {category}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
        <FormTextField control={control} name="reason" label="Why do you need it?" required multiline minRows={3} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="quantity" label="Quantity" required inputMode="numeric" />
          <FormDateInput control={control} name="needed_by" label="Needed by" helperText="Optional." min={todayIso()} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" loading={createRequest.isPending} data-testid="tool-request-submit">
            Send request
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
