import { TOOL_REQUEST_STATUSES, type ToolRequest, type ToolRequestStatus } from '@agency/schema';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useDecideToolRequest } from '../api/decide-tool-request';
import { useToolRequests } from '../api/list-tool-requests';
import { DeclineToolRequestDialog } from './decline-tool-request-dialog';
import { ToolRequestStatusChip } from './tool-request-status-chip';
import { toolCategoryKey, useToolsT } from '../i18n';

type DecisionAction = 'approve' | 'decline' | 'fulfil';

type ActionsProps = {
  request: ToolRequest;
  pendingAction: DecisionAction | undefined;
  onDecide: (request: ToolRequest, action: Exclude<DecisionAction, 'decline'>) => void;
  onDecline: (request: ToolRequest) => void;
};

function DecisionButtons({ request, pendingAction, onDecide, onDecline }: ActionsProps) {
  const { t } = useToolsT();
  const isRequested = request.status === 'requested';
  const mayFulfil = isRequested || request.status === 'approved';
  if (!mayFulfil) return null;
  const isBusy = pendingAction !== undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' }, flexWrap: 'wrap', rowGap: 1 }}>
      {isRequested && (
        <Button
          size="small"
          variant="outlined"
          color="success"
          loading={pendingAction === 'approve'}
          disabled={isBusy}
          onClick={() => onDecide(request, 'approve')}
          aria-label={t('list.approveLabel', { name: request.name })}
        >
          {t('list.approve')}
        </Button>
      )}
      {isRequested && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={isBusy}
          onClick={() => onDecline(request)}
          aria-label={t('list.declineLabel', { name: request.name })}
        >
          {t('list.decline')}
        </Button>
      )}
      <Button
        size="small"
        variant="contained"
        loading={pendingAction === 'fulfil'}
        disabled={isBusy}
        onClick={() => onDecide(request, 'fulfil')}
        aria-label={t('list.markFulfilledLabel', { name: request.name })}
      >
        {t('list.markFulfilled')}
      </Button>
    </Stack>
  );
}

function Details({ request }: { request: ToolRequest }) {
  const { t } = useToolsT();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {request.reason}
      </Typography>
      {request.decision_reason && (
        <Typography
          variant="body2"
          color={request.status === 'declined' ? 'error' : 'text.secondary'}
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
          data-testid="decision-reason"
        >
          {request.status === 'declined' ? t('list.declinedPrefix') : t('list.notePrefix')}
          {request.decision_reason}
        </Typography>
      )}
    </>
  );
}

type ToolRequestListProps = { isStaff: boolean; title: string; subtitle?: string };

/** Tool requests with status chips; staff also see who asked and can approve, decline or mark fulfilled. */
export function ToolRequestList({ isStaff, title, subtitle }: ToolRequestListProps) {
  const { t } = useToolsT();
  const [status, setStatus] = useState<ToolRequestStatus | ''>('');
  const requests = useToolRequests(status || undefined);
  const decide = useDecideToolRequest();
  const [toDecline, setToDecline] = useState<ToolRequest | null>(null);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];

  const pendingFor = (request: ToolRequest) => (decide.isPending && decide.variables?.id === request.id ? decide.variables.input.action : undefined);

  function handleDecide(request: ToolRequest, action: 'approve' | 'fulfil') {
    decide.mutate(
      { id: request.id, input: { action } },
      {
        onSuccess: () =>
          notify.success(action === 'approve' ? t('list.approved', { name: request.name }) : t('list.fulfilled', { name: request.name })),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  function handleConfirmDecline(reason: string) {
    if (!toDecline) return;
    const request = toDecline;
    decide.mutate(
      { id: request.id, input: { action: 'decline', reason } },
      {
        onSuccess: () => {
          notify.success(t('list.declined', { name: request.name }));
          setToDecline(null);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  const columns: DataColumn<ToolRequest>[] = [
    {
      id: 'tool',
      header: t('list.columns.tool'),
      cell: (request) => (
        <>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{request.name}</Typography>
          <Details request={request} />
        </>
      ),
      minWidth: 240,
      card: 'title',
      cellSx: { maxWidth: 320 },
    },
    ...(isStaff
      ? [{ id: 'client', header: t('list.columns.client'), cell: (request: ToolRequest) => request.client.name, minWidth: 140, priority: 2 }]
      : []),
    {
      id: 'category',
      header: t('list.columns.category'),
      cell: (request) => {
        const key = toolCategoryKey(request.category);
        return key ? t(`categories.${key}`) : request.category;
      },
      minWidth: 140,
      priority: 3,
    },
    { id: 'quantity', header: t('list.columns.quantity'), align: 'right', cell: (request) => request.quantity, minWidth: 72, priority: 4 },
    {
      id: 'needed-by',
      header: t('list.columns.neededBy'),
      cell: (request) => (request.needed_by ? formatDate(request.needed_by) : '—'),
      minWidth: 120,
      priority: 5,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'requested',
      header: t('list.columns.requested'),
      cell: (request) => formatDate(request.created_at),
      minWidth: 120,
      priority: 6,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'status',
      header: t('list.columns.status'),
      cell: (request) => <ToolRequestStatusChip status={request.status} />,
      minWidth: 130,
      card: 'aside',
    },
    ...(isStaff
      ? [
          {
            id: 'actions',
            header: t('list.columns.actions'),
            align: 'right' as const,
            cell: (request: ToolRequest) => (
              <DecisionButtons request={request} pendingAction={pendingFor(request)} onDecide={handleDecide} onDecline={setToDecline} />
            ),
            minWidth: 220,
            card: 'actions' as const,
          },
        ]
      : []),
  ];

  return (
    <SectionCard title={title} subtitle={subtitle} data-testid="tool-requests">
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <TextField
          select
          size="small"
          label={t('list.statusFilter')}
          value={status}
          onChange={(event) => setStatus(event.target.value as ToolRequestStatus | '')}
          sx={{ width: { xs: '100%', sm: 220 } }}
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'tool-status-filter' } as object },
          }}
        >
          <MenuItem value="">{t('list.allStatuses')}</MenuItem>
          {TOOL_REQUEST_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ opacity: requests.isPlaceholderData ? 0.6 : 1 }}>
        <DataTable
          columns={columns}
          rows={items}
          getRowId={(request) => request.id}
          label={t('list.tableLabel', { title })}
          isLoading={requests.isPending}
          loadingLabel={t('list.loading')}
          error={requests.isError ? requests.error : undefined}
          onRetry={() => void requests.refetch()}
          empty={
            <ListEmpty icon={<BuildOutlinedIcon />} title={status ? t(`list.emptyStatus.${status}`) : t('list.empty')}>
              {isStaff ? t('list.emptyStaff') : t('list.emptyClient')}
            </ListEmpty>
          }
          getRowAttributes={(request) => ({ 'data-request-id': request.id })}
          rowTestId="tool-request-row"
          rowAlign="top"
        />
      </Box>
      <LoadMore hasMore={requests.hasNextPage} isLoading={requests.isFetchingNextPage} onLoadMore={() => requests.fetchNextPage()} />
      {isStaff && (
        <DeclineToolRequestDialog
          request={toDecline}
          isPending={decide.isPending}
          onConfirm={handleConfirmDecline}
          onClose={() => setToDecline(null)}
        />
      )}
    </SectionCard>
  );
}
