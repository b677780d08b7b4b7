import { TOOL_REQUEST_STATUSES, TOOL_REQUEST_STATUS_LABELS, type ToolRequest, type ToolRequestStatus } from '@agency/schema';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useDecideToolRequest } from '../api/decide-tool-request';
import { useToolRequests } from '../api/list-tool-requests';
import { DeclineToolRequestDialog } from './decline-tool-request-dialog';
import { ToolRequestStatusChip } from './tool-request-status-chip';

type DecisionAction = 'approve' | 'decline' | 'fulfil';

type ActionsProps = {
  request: ToolRequest;
  pendingAction: DecisionAction | undefined;
  onDecide: (request: ToolRequest, action: Exclude<DecisionAction, 'decline'>) => void;
  onDecline: (request: ToolRequest) => void;
};

function DecisionButtons({ request, pendingAction, onDecide, onDecline }: ActionsProps) {
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
          aria-label={`Approve ${request.name}`}
        >
          Approve
        </Button>
      )}
      {isRequested && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={isBusy}
          onClick={() => onDecline(request)}
          aria-label={`Decline ${request.name}`}
        >
          Decline
        </Button>
      )}
      <Button
        size="small"
        variant="contained"
        loading={pendingAction === 'fulfil'}
        disabled={isBusy}
        onClick={() => onDecide(request, 'fulfil')}
        aria-label={`Mark ${request.name} fulfilled`}
      >
        Mark fulfilled
      </Button>
    </Stack>
  );
}

function Details({ request }: { request: ToolRequest }) {
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
          {request.status === 'declined' ? 'Declined: ' : 'Note: '}
          {request.decision_reason}
        </Typography>
      )}
    </>
  );
}

type ToolRequestListProps = { isStaff: boolean; title: string; subtitle?: string };

/** Tool requests with status chips; staff also see who asked and can approve, decline or mark fulfilled. */
export function ToolRequestList({ isStaff, title, subtitle }: ToolRequestListProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
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
        onSuccess: () => toast.success(action === 'approve' ? `Approved: ${request.name}` : `Marked fulfilled: ${request.name}`),
        onError: (error) => toast.error(errorMessage(error)),
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
          toast.success(`Declined: ${request.name}`);
          setToDecline(null);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  const actions = (request: ToolRequest) =>
    isStaff ? <DecisionButtons request={request} pendingAction={pendingFor(request)} onDecide={handleDecide} onDecline={setToDecline} /> : null;

  let body;
  if (requests.isPending) body = <ListLoading label="Loading tool requests..." />;
  else if (requests.isError) body = <ListError message={errorMessage(requests.error)} onRetry={() => requests.refetch()} />;
  else if (items.length === 0)
    body = (
      <ListEmpty
        icon={<BuildOutlinedIcon />}
        title={status ? `No ${TOOL_REQUEST_STATUS_LABELS[status].toLowerCase()} requests` : 'No tool requests yet'}
      >
        {isStaff ? 'Requests from clients appear here.' : 'Requests you send appear here with their status.'}
      </ListEmpty>
    );
  else if (isPhone)
    body = (
      <Stack spacing={1.5} sx={{ p: 2, pt: 0 }}>
        {items.map((request) => (
          <Card key={request.id} sx={{ p: 2 }} data-testid="tool-request-row" data-request-id={request.id}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {request.name} × {request.quantity}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[isStaff ? request.client.name : null, request.category, request.needed_by ? `needed by ${formatDate(request.needed_by)}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <ToolRequestStatusChip status={request.status} />
            </Stack>
            <Box sx={{ mt: 1 }}>
              <Details request={request} />
            </Box>
            {isStaff && <Box sx={{ mt: 1.5 }}>{actions(request)}</Box>}
          </Card>
        ))}
      </Stack>
    );
  else
    body = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 760 }} aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Tool</TableCell>
              {isStaff && <TableCell>Client</TableCell>}
              <TableCell>Category</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell>Needed by</TableCell>
              <TableCell>Requested</TableCell>
              <TableCell>Status</TableCell>
              {isStaff && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((request) => (
              <TableRow key={request.id} hover data-testid="tool-request-row" data-request-id={request.id} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ maxWidth: 320 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{request.name}</Typography>
                  <Details request={request} />
                </TableCell>
                {isStaff && <TableCell>{request.client.name}</TableCell>}
                <TableCell>{request.category}</TableCell>
                <TableCell align="right">{request.quantity}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{request.needed_by ? formatDate(request.needed_by) : '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(request.created_at)}</TableCell>
                <TableCell>
                  <ToolRequestStatusChip status={request.status} />
                </TableCell>
                {isStaff && <TableCell align="right">{actions(request)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <SectionCard title={title} subtitle={subtitle} data-testid="tool-requests">
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as ToolRequestStatus | '')}
          sx={{ width: { xs: '100%', sm: 220 } }}
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'tool-status-filter' } as object },
          }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {TOOL_REQUEST_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {TOOL_REQUEST_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ opacity: requests.isPlaceholderData ? 0.6 : 1 }}>{body}</Box>
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
