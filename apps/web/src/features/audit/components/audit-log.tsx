import { AUDIT_ACTIONS, auditActionLabel, ROLE_LABELS, type AuditEntry, type AuditQuery, type Role } from '@agency/schema';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatFullDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog } from '../api/search-audit-log';
import { describeChange } from '../utils/describe-change';
import { EMPTY_FILTERS, toAuditQuery, type AuditFilterForm } from '../utils/filters';

const RECORD_TYPES = [
  ['project', 'Project'],
  ['invitation', 'Invitation'],
  ['user', 'Account'],
  ['tool_request', 'Tool request'],
  ['contract', 'Contract'],
  ['invoice', 'Invoice'],
] as const;
const recordLabel = (type: string) => RECORD_TYPES.find(([t]) => t === type)?.[1] ?? type;

const columns: DataColumn<AuditEntry>[] = [
  {
    id: 'at',
    header: 'When',
    cell: (e) => (
      <Box component="time" dateTime={e.at}>
        {formatFullDateTime(e.at)}
      </Box>
    ),
    minWidth: 170,
  },
  {
    id: 'actor',
    header: 'Who',
    cell: (e) =>
      e.actor ? (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {e.actor.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {e.actor.email} · {ROLE_LABELS[e.actor.role as Role] ?? e.actor.role}
          </Typography>
        </Box>
      ) : (
        'The system'
      ),
    minWidth: 200,
    card: 'body',
  },
  { id: 'action', header: 'Action', cell: (e) => <strong>{auditActionLabel(e.action)}</strong>, minWidth: 180, card: 'title' },
  { id: 'record', header: 'Record', cell: (e) => `${recordLabel(e.entity_type)} #${e.entity_id}`, minWidth: 130, priority: 2 },
  {
    id: 'change',
    header: 'Change',
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
  { id: 'ip', header: 'Address', cell: (e) => e.ip ?? '—', minWidth: 130, priority: 4 },
];

/** The super admin's search of what staff did: by person, action, record and dates, with a CSV of the same. */
export function AuditLog() {
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
      <SectionCard title="Search" data-testid="audit-filters">
        <Box component="form" noValidate onSubmit={handleSearch} aria-label="Search the audit log" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
            <TextField label="Person (name or e-mail)" value={form.person} onChange={set('person')} name="person" />
            <TextField select label="Action" value={form.action} onChange={set('action')} name="action" data-testid="audit-action">
              <MenuItem value="">Any action</MenuItem>
              {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={1}>
              <TextField select label="Record" value={form.entityType} onChange={set('entityType')} name="entity_type" sx={{ flex: 1 }}>
                <MenuItem value="">Any record</MenuItem>
                {RECORD_TYPES.map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Number"
                value={form.entityId}
                onChange={set('entityId')}
                name="entity_id"
                sx={{ width: 110 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <TextField
              label="From"
              placeholder="dd/mm/yyyy"
              value={form.from}
              onChange={set('from')}
              name="from"
              error={dateError === 'from'}
              helperText={dateError === 'from' ? 'Enter a date as dd/mm/yyyy' : 'dd/mm/yyyy'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="To (included)"
              placeholder="dd/mm/yyyy"
              value={form.to}
              onChange={set('to')}
              name="to"
              error={dateError === 'to'}
              helperText={dateError === 'to' ? 'Enter a date as dd/mm/yyyy' : 'dd/mm/yyyy'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button type="submit" variant="contained" sx={{ height: 56, flex: 1 }} data-testid="audit-search">
                Search
              </Button>
              <Button onClick={handleClear} sx={{ height: 56 }}>
                Clear
              </Button>
            </Stack>
          </Box>
        </Box>
      </SectionCard>
      {exporter.isError && <Alert severity="error">{errorMessage(exporter.error)}</Alert>}
      <SectionCard
        title="Entries"
        subtitle="Newest first. The export holds every entry that matches, not only the ones loaded here."
        action={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => exporter.mutate(query)}
            loading={exporter.isPending}
            data-testid="audit-export"
            sx={{ flexShrink: 0 }}
          >
            Export CSV
          </Button>
        }
      >
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(e) => e.id}
          label="Audit log"
          isLoading={log.isPending}
          loadingLabel="Loading the audit log…"
          error={log.isError ? log.error : undefined}
          onRetry={() => void log.refetch()}
          empty={<ListEmpty icon={<HistoryIcon />} title="No entries match" />}
          data-testid="audit-table"
          rowTestId="audit-row"
          rowAlign="top"
        />
        <LoadMore hasMore={Boolean(log.hasNextPage)} isLoading={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
      </SectionCard>
    </Stack>
  );
}
