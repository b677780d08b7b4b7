import {
  BRAND_DEFAULT_PRIMARY_COLOR,
  BRAND_FOOTER_LINKS_MAX,
  BRAND_MIN_CONTRAST,
  contrastRatio,
  updateBrandInput,
  type BrandSettings,
  type UpdateBrandInput,
} from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { formatLocale } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { useUpdateBrand } from '../api/brand-settings';
import { useBrandT } from '../i18n';

type TextKey = 'agency_name' | 'primary_color' | 'contact_email' | 'contact_phone' | 'sender_name' | 'sender_email';
type Values = Record<TextKey, string> & { footer_links: { label: string; url: string }[] };
type Errors = Partial<Record<string, string>>;

const HEX = /^#[0-9a-f]{6}$/i;

function valuesOf(brand: BrandSettings): Values {
  return {
    agency_name: brand.agency_name,
    primary_color: brand.primary_color,
    contact_email: brand.contact_email,
    contact_phone: brand.contact_phone,
    sender_name: brand.sender_name,
    sender_email: brand.sender_email,
    footer_links: brand.footer_links.map((l) => ({ ...l })),
  };
}

/** The first message per field from the shared schema: the server gives the same ones. */
function check(values: Values): { input: UpdateBrandInput | null; errors: Errors } {
  const parsed = updateBrandInput.safeParse(values);
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { input: null, errors };
}

/** A contrast ratio in the reader's language, cut to two decimals (not rounded) like the server's: "4.49:1", "4,49:1". */
function contrastText(ratio: number): string {
  const cut = Math.floor(ratio * 100) / 100;
  return `${new Intl.NumberFormat(formatLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cut)}:1`;
}

/** A button in the chosen colour and its contrast with white text, as it will look on every screen. */
export function ColourPreview({ colour }: { colour: string }) {
  const { t } = useBrandT();
  const valid = HEX.test(colour);
  const ratio = valid ? contrastRatio(colour, '#ffffff') : null;
  const passes = ratio !== null && ratio >= BRAND_MIN_CONTRAST;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid="colour-preview">
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          px: 2,
          py: 1,
          borderRadius: 2,
          fontWeight: 600,
          color: '#fff',
          bgcolor: valid ? colour : 'grey.400',
        }}
        data-testid="preview-button"
      >
        {t('preview.button')}
      </Box>
      <Typography variant="body2" role="status" color={passes ? 'text.secondary' : 'error'} data-testid="contrast-ratio">
        {ratio === null
          ? t('preview.giveHex')
          : t(passes ? 'preview.passes' : 'preview.fails', {
              ratio: contrastText(ratio),
              min: new Intl.NumberFormat(formatLocale()).format(BRAND_MIN_CONTRAST),
            })}
      </Typography>
    </Box>
  );
}

/** The brand's name, colour, contact lines, mail sender and footer links; empty fields use the defaults. */
export function BrandForm({ brand }: { brand: BrandSettings }) {
  const { t } = useBrandT();
  const update = useUpdateBrand();
  const [values, setValues] = useState<Values>(() => valuesOf(brand));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const colour = values.primary_color || brand.effective.primary_color || BRAND_DEFAULT_PRIMARY_COLOR;
  const pickerValue = HEX.test(colour) ? colour.toLowerCase() : BRAND_DEFAULT_PRIMARY_COLOR;

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(false);
  }

  function setLink(index: number, field: 'label' | 'url', value: string) {
    set(
      'footer_links',
      values.footer_links.map((l, i) => (i === index ? { ...l, [field]: value } : l)),
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const { input, errors: found } = check(values);
    setErrors(found);
    if (!input) return;
    update.mutate(input, {
      onSuccess: (answer) => {
        setValues(valuesOf(answer.brand));
        setSaved(true);
      },
    });
  }

  const field = (key: TextKey, label: string, extra: { type?: string; help?: string } = {}) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      type={extra.type}
      placeholder={brand.effective[key]}
      error={Boolean(errors[key])}
      helperText={
        errors[key] ??
        extra.help ??
        (brand.effective[key] ? (
          // The default is data in the sentence: isolated, so that a phone number keeps its order in Arabic.
          <Trans t={t} i18nKey="form.empty" values={{ value: brand.effective[key] }} components={{ bdi: <bdi /> }} />
        ) : (
          t('form.emptyNone')
        ))
      }
      data-testid={`brand-${key}`}
    />
  );

  return (
    <SectionCard title={t('form.title')} subtitle={t('form.subtitle')} data-testid="brand-form-card">
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('form.label')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          {saved && (
            <Alert severity="success" role="status">
              {t('form.saved')}
            </Alert>
          )}
          {update.isError && (
            <Alert severity="error" data-testid="brand-save-error">
              {errorMessage(update.error)}
            </Alert>
          )}
          {field('agency_name', t('form.agencyName'))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('form.primaryColour')}
              value={values.primary_color}
              onChange={(e) => set('primary_color', e.target.value.trim())}
              placeholder={brand.effective.primary_color}
              error={Boolean(errors.primary_color)}
              helperText={errors.primary_color ?? t('form.primaryColourHint')}
              data-testid="brand-primary_color"
              sx={{ flex: 1 }}
            />
            <Box
              component="input"
              type="color"
              // Its name carries the value it shows (WCAG 2.5.3, label in name).
              aria-label={t('form.pickColour', { value: pickerValue })}
              value={pickerValue}
              onChange={(e) => set('primary_color', e.target.value)}
              sx={{ width: 56, height: 56, p: 0.5, border: '1px solid', borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
            />
          </Stack>
          <ColourPreview colour={colour} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('contact_email', t('form.contactEmail'), { type: 'email' })}
            {field('contact_phone', t('form.contactPhone'), { type: 'tel' })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('sender_name', t('form.senderName'))}
            {field('sender_email', t('form.senderEmail'), { type: 'email' })}
          </Stack>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {t('form.footerLinks', { max: BRAND_FOOTER_LINKS_MAX })}
            </Typography>
            <Stack spacing={1.5}>
              {values.footer_links.map((link, i) => (
                <Stack
                  key={i}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'flex-start' } }}
                  data-testid="footer-link-row"
                >
                  <TextField
                    label={t('form.linkLabel', { n: i + 1 })}
                    value={link.label}
                    onChange={(e) => setLink(i, 'label', e.target.value)}
                    error={Boolean(errors[`footer_links.${i}.label`])}
                    helperText={errors[`footer_links.${i}.label`]}
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    label={t('form.linkAddress', { n: i + 1 })}
                    value={link.url}
                    type="url"
                    placeholder="https://"
                    onChange={(e) => setLink(i, 'url', e.target.value)}
                    error={Boolean(errors[`footer_links.${i}.url`])}
                    helperText={errors[`footer_links.${i}.url`]}
                    sx={{ flex: 2 }}
                  />
                  <IconButton
                    aria-label={t('form.removeLink', { n: i + 1 })}
                    onClick={() =>
                      set(
                        'footer_links',
                        values.footer_links.filter((_, j) => j !== i),
                      )
                    }
                    sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Stack>
              ))}
              {errors.footer_links && <Alert severity="error">{errors.footer_links}</Alert>}
              <Box>
                <Button
                  variant="outlined"
                  disabled={values.footer_links.length >= BRAND_FOOTER_LINKS_MAX}
                  onClick={() => set('footer_links', [...values.footer_links, { label: '', url: '' }])}
                >
                  {t('form.addLink')}
                </Button>
              </Box>
            </Stack>
          </Box>
          <Box>
            <Button type="submit" variant="contained" loading={update.isPending} data-testid="brand-save">
              {t('form.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
