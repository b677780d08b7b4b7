import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCommonT } from '../i18n';
import { errorMessage, isMissingRecord } from '../lib/http';

export function ListLoading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 6, color: 'text.secondary' }}>
      {/* The words beside it say what loads: the spinner is decoration (a progress bar without a name is an error). */}
      <CircularProgress size={22} aria-hidden="true" />
      <span>{label}</span>
    </Box>
  );
}

type ListEmptyProps = {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  /** A line or two instead of a block with an icon: for the side panels of a dashboard, where nothing to do is good news. */
  dense?: boolean;
};

export function ListEmpty({ icon, title, children, dense = false }: ListEmptyProps) {
  return (
    <Box
      sx={{ textAlign: dense ? 'start' : 'center', py: dense ? 2 : 6, px: dense ? { xs: 2, sm: 3 } : 2, color: 'text.secondary' }}
      data-testid="empty-state"
    >
      {icon && !dense && <Box sx={{ fontSize: 40, color: 'text.disabled', '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography sx={{ fontWeight: 700, color: 'text.primary' }}>{title}</Typography>
      {children && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useCommonT();
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('lists.retry')}
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}

type RecordErrorProps = {
  error: unknown;
  /** What a missing record reads as, e.g. "This invoice does not exist, or it is not one of yours." */
  missingText: string;
  onRetry: () => void;
  'data-testid'?: string;
};

/** What a link to a record that is not there (or not the viewer's) shows instead of the record. */
export function RecordMissing({ children, 'data-testid': testId = 'record-missing' }: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <Alert severity="warning" data-testid={testId}>
      {children}
    </Alert>
  );
}

/**
 * A record opened from a link that failed to load: a friendly not-found when the id names nothing the viewer may see
 * (never the raw validation text of `?id=abc`), otherwise the error with Retry.
 */
export function RecordError({ error, missingText, onRetry, 'data-testid': testId }: RecordErrorProps) {
  if (isMissingRecord(error)) return <RecordMissing data-testid={testId}>{missingText}</RecordMissing>;
  return <ListError message={errorMessage(error)} onRetry={onRetry} />;
}

export function LoadMore({ hasMore, isLoading, onLoadMore }: { hasMore: boolean; isLoading: boolean; onLoadMore: () => void }) {
  const { t } = useCommonT();
  if (!hasMore) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, borderTop: '1px solid', borderColor: 'divider' }}>
      <Button onClick={onLoadMore} loading={isLoading}>
        {t('lists.loadMore')}
      </Button>
    </Box>
  );
}
