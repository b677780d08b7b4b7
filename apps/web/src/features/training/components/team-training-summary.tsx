import { percentDone } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useTrainingProgress } from '../api/get-training-progress';
import { useCommonT } from '../../../i18n';
import { useTrainingT } from '../i18n';

/**
 * A team lead's team at a glance: each person's overall training progress, the furthest behind first. The
 * progress per module is on the training screen (`detailsPath`).
 */
export function TeamTrainingSummary({ detailsPath }: { detailsPath: string }) {
  const { t } = useTrainingT();
  const { t: tc } = useCommonT();
  const query = useTrainingProgress();
  let body;
  if (query.isPending) body = <ListLoading label={t('teamSummary.loading')} />;
  else if (query.isError) body = <ListError message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  else if (query.data.people.length === 0 || query.data.modules.length === 0)
    body = (
      <ListEmpty title={t('teamSummary.emptyTitle')} dense>
        {t('teamSummary.emptyBody')}
      </ListEmpty>
    );
  else {
    const people = query.data.people
      .map((person) => ({ ...person, percent: percentDone(person.completed, person.total) }))
      .sort((a, b) => a.percent - b.percent || a.name.localeCompare(b.name));
    body = (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, px: { xs: 2, sm: 3 }, py: 2 }}>
        {people.map((person) => (
          <Box component="li" key={person.id} data-testid="team-training-person">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {person.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  · {tc(`roles.${person.role}`)}
                </Typography>
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {person.percent} %
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={person.percent}
              color={person.percent === 100 ? 'success' : 'primary'}
              sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
              aria-label={t('teamSummary.personProgress', { name: person.name, completed: person.completed, total: person.total })}
            />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <SectionCard
      title={t('teamSummary.title')}
      subtitle={t('teamSummary.subtitle')}
      action={
        <Button component={RouterLink} to={detailsPath} size="small">
          {t('teamSummary.byModule')}
        </Button>
      }
      data-testid="team-training-summary"
    >
      {body}
    </SectionCard>
  );
}
