import { percentDone, ROLE_LABELS } from '@agency/schema';
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

/**
 * A team lead's team at a glance: each person's overall training progress, the furthest behind first. The
 * progress per module is on the training screen (`detailsPath`).
 */
export function TeamTrainingSummary({ detailsPath }: { detailsPath: string }) {
  const query = useTrainingProgress();
  let body;
  if (query.isPending) body = <ListLoading label="Loading your team's training..." />;
  else if (query.isError) body = <ListError message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  else if (query.data.people.length === 0 || query.data.modules.length === 0)
    body = (
      <ListEmpty title="No training assigned to your team" dense>
        Modules assigned to team roles appear here with each person&apos;s progress.
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
                  · {ROLE_LABELS[person.role]}
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
              aria-label={`${person.name}: ${person.completed} of ${person.total} materials done`}
            />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <SectionCard
      title="Team training"
      subtitle="Your team and you, least done first"
      action={
        <Button component={RouterLink} to={detailsPath} size="small">
          Progress by module
        </Button>
      }
      data-testid="team-training-summary"
    >
      {body}
    </SectionCard>
  );
}
