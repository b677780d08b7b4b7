import { AUDIT_ACTIONS, auditActionLabel, type AuditEntry, type AuditQuery, type Role } from '@agency/schema';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatFullDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog } from '../api/search-audit-log';
import { describeChange } from '../utils/describe-change';
import { EMPTY_FILTERS, toAuditQuery, type AuditFilterForm } from '../utils/filters';
import type { TFunction } from 'i18next';
import { useCommonT } from '../../../i18n';
import { auditActionText, useAuditT } from '../i18n';

const RECORD_TYPES = ['project', 'invitation', 'user', 'tool_request', 'contract', 'invoice'] as const;

function columnsFor(t: TFunction<'audit'>, common: TFunction<'common'>): DataColumn<AuditEntry>[] {
  const recordLabel = (type: string) =>
    (RECORD_TYPES as readonly string[]).includes(type) ? t(`records.${type as (typeof RECORD_TYPES)[number]}`) : type;
  return [
    {
      id: 'at',
      header: t('columns.when'),
      cell: (e) => (
        <Box component="time" dateTime={e.at}>
          {formatFullDateTime(e.at)}
        </Box>
      ),
      minWidth: 170,
    },
    {
      id: 'actor',
      header: t('columns.who'),
      cell: (e) =>
        e.actor ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {e.actor.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {e.actor.email} · {common(`roles.${e.actor.role as Role}`, { defaultValue: e.actor.role })}
            </Typography>
          </Box>
        ) : (
          t('system')
        ),
      minWidth: 200,
      card: 'body',
    },
    {
      id: 'action',
      header: t('columns.action'),
      cell: (e) => <strong>{auditActionText(e.action, auditActionLabel(e.action))}</strong>,
      minWidth: 180,
      card: 'title',
    },
    {
      id: 'record',
      header: t('columns.record'),
      cell: (e) => t('recordRef', { record: recordLabel(e.entity_type), id: e.entity_id }),
      minWidth: 130,
      priority: 2,
    },
    {
      id: 'change',
      header: t('columns.change'),
      cell: (e) => {
        const lines = describeChange(e.before, e.after);
        return lines.length ? (
          <Box component="ul" sx={{ m: 0, pl: 2, fontSize: '0.85rem' }}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        ) : (
          '—'
        );
      },
      minWidth: 240,
      priority: 3,
    },
    { id: 'ip', header: t('columns.address'), cell: (e) => e.ip ?? '—', minWidth: 130, priority: 4 },
  ];
}

/** The super admin's search of what staff did: by person, action, record and dates, with a CSV of the same. */
export function AuditLog() {
  const { t } = useAuditT();
  const { t: common } = useCommonT();
  const columns = useMemo(() => columnsFor(t, common), [t, common]);
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_FILTERS);
  const [query, setQuery] = useState<AuditQuery>({});
  const [dateError, setDateError] = useState<'from' | 'to' | null>(null);
  const log = useAuditLog(query);
  const exporter = useExportAuditLog();
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];

  const set = (field: keyof AuditFilterForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function handleSearch(event: FormEvent) {
    event.preventDefault();
    const result = toAuditQuery(form);
    if ('error' in result) {
      setDateError(result.error);
      return;
    }
    setDateError(null);
    setQuery(result.query);
  }

  function handleClear() {
    setForm(EMPTY_FILTERS);
    setDateError(null);
    setQuery({});
  }

  return (
    <Stack spacing={3}>
      <SectionCard title={t('search.title')} data-testid="audit-filters">
        <Box component="form" noValidate onSubmit={handleSearch} aria-label={t('search.form')} sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            <TextField label={t('search.person')} value={form.person} onChange={set('person')} name="person" />
            <TextField select label={t('search.action')} value={form.action} onChange={set('action')} name="action" data-testid="audit-action">
              <MenuItem value="">{t('search.anyAction')}</MenuItem>
              {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {auditActionText(value, label)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={1}>
              <TextField select label={t('search.record')} value={form.entityType} onChange={set('entityType')} name="entity_type" sx={{ flex: 1 }}>
                <MenuItem value="">{t('search.anyRecord')}</MenuItem>
                {RECORD_TYPES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`records.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('search.number')}
                value={form.entityId}
                onChange={set('entityId')}
                name="entity_id"
                sx={{ width: 110 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <TextField
              label={t('search.from')}
              placeholder={t('search.dateFormat')}
              value={form.from}
              onChange={set('from')}
              name="from"
              error={dateError === 'from'}
              helperText={dateError === 'from' ? t('search.dateError') : t('search.dateFormat')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={t('search.to')}
              placeholder={t('search.dateFormat')}
              value={form.to}
              onChange={set('to')}
              name="to"
              error={dateError === 'to'}
              helperText={dateError === 'to' ? t('search.dateError') : t('search.dateFormat')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button type="submit" variant="contained" sx={{ height: 56, flex: 1 }} data-testid="audit-search">
                {t('search.submit')}
              </Button>
              <Button onClick={handleClear} sx={{ height: 56 }}>
                {t('search.clear')}
              </Button>
            </Stack>
          </Box>
        </Box>
      </SectionCard>
      {exporter.isError && <Alert severity="error">{errorMessage(exporter.error)}</Alert>}
      <SectionCard
        title={t('entries.title')}
        subtitle={t('entries.subtitle')}
        action={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => exporter.mutate(query)}
            loading={exporter.isPending}
            data-testid="audit-export"
            sx={{ flexShrink: 0 }}
          >
            {t('entries.export')}
          </Button>
        }
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(e) => e.id}
          label={t('entries.table')}
          isLoading={log.isPending}
          loadingLabel={t('entries.loading')}
          error={log.isError ? log.error : undefined}
          onRetry={() => void log.refetch()}
          empty={<ListEmpty icon={<HistoryIcon />} title={t('entries.none')} />}
          data-testid="audit-table"
          rowTestId="audit-row"
          rowAlign="top"
        />
        <LoadMore hasMore={Boolean(log.hasNextPage)} isLoading={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
      </SectionCard>
    </Stack>
  );
}
