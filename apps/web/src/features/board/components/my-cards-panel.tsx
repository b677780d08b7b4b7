import { dueState, type MyCard } from '@agency/schema';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PieChart } from '../../../components/charts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useMyCards } from '../api/list-my-cards';
import { useBoardT } from '../i18n';
import { localToday } from '../utils/board-state';

const DUE_GROUPS = [
  { key: 'overdue', color: '#dc2626' },
  { key: 'soon', color: '#d97706' },
  { key: 'later', color: '#4338ca' },
  { key: 'none', color: '#94a3b8' },
] as const;

type MyCardsPanelProps = { cardPath: (card: MyCard) => string; boardPath: string };

/** My open cards across projects, overdue and due soon first, with a small chart of how they stand. */
export function MyCardsPanel({ cardPath, boardPath }: MyCardsPanelProps) {
  const { t } = useBoardT();
  const query = useMyCards();
  const today = localToday();
  let body;
  if (query.isPending) body = <ListLoading label={t('myCards.loading')} />;
  else if (query.isError) body = <ListError message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  else if (query.data.items.length === 0) body = <ListEmpty title={t('myCards.emptyTitle')}>{t('myCards.emptyText')}</ListEmpty>;
  else {
    const cards = query.data.items;
    const counts = DUE_GROUPS.map((g) => ({
      ...g,
      label: t(`myCards.${g.key}`),
      value: cards.filter((c) => dueState(c.due_date, false, today) === g.key).length,
    }));
    // A chart says something only when the cards fall into two groups or more: one full ring repeats the list.
    const hasChart = counts.filter((c) => c.value > 0).length >= 2;
    body = (
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: hasChart ? 'minmax(0, 1fr) 200px' : 'minmax(0, 1fr)' },
          gap: 2,
          p: { xs: 2, sm: 3 },
        }}
      >
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 0 }}>
          {cards.slice(0, 8).map((card) => {
            const due = dueState(card.due_date, false, today);
            return (
              <Box component="li" key={card.id} sx={{ pb: 1, borderBottom: '1px solid', borderColor: 'divider' }} data-testid="my-card">
                <Link component={RouterLink} to={cardPath(card)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {card.title}
                </Link>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
                  <Typography variant="body2" color="text.secondary">
                    {card.project.title} · {card.column_name}
                  </Typography>
                  {card.due_date && (
                    <Chip
                      size="small"
                      label={t(due === 'overdue' ? 'myCards.overdueOn' : 'myCards.dueOn', { date: formatDate(card.due_date) })}
                      color={due === 'overdue' ? 'error' : due === 'soon' ? 'warning' : 'default'}
                      variant={due === 'later' ? 'outlined' : 'filled'}
                    />
                  )}
                  {card.checklist_total > 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {t('myCards.checked', { done: card.checklist_done, total: card.checklist_total })}
                    </Typography>
                  )}
                </Stack>
              </Box>
            );
          })}
          {cards.length > 8 && (
            <Link component={RouterLink} to={boardPath}>
              {t('myCards.more', { number: cards.length - 8 })}
            </Link>
          )}
        </Stack>
        {hasChart && (
          <Box
            aria-label={counts.map((c) => t('myCards.chartPart', { label: c.label, value: c.value })).join(', ')}
            role="img"
            data-testid="my-cards-chart"
          >
            <PieChart
              height={180}
              innerRadius={40}
              data={counts.filter((c) => c.value > 0).map((c) => ({ id: c.key, value: c.value, label: c.label, color: c.color }))}
            />
          </Box>
        )}
      </Box>
    );
  }
  return (
    <SectionCard title={t('myCards.title')} subtitle={t('myCards.subtitle')} data-testid="my-cards">
      {body}
    </SectionCard>
  );
}
