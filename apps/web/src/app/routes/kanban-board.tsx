import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { RecordError } from '../../components/list-states';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useCard } from '../../features/board/api/get-card';
import { BoardProjectPicker, useDefaultBoardProject } from '../../features/board/components/board-project-picker';
import { KanbanBoard } from '../../features/board/components/kanban-board';
import { useBoardT } from '../../features/board/i18n';
import { PageTitle } from '../../features/config/components/page-title';

// A card's time tab loads when it is first opened: the board itself does not draw it.
const CardTimePanel = lazy(async () => ({ default: (await import('../../features/time/components/card-time-panel')).CardTimePanel }));

/**
 * /kanban-board: pick a project (the ones you work on; staff: all), then its board. `?project=<id>` chooses the
 * project and `?card=<id>` opens a card (a notification may name only the card: its project is looked up).
 */
export function KanbanBoardRoute() {
  const { t } = useBoardT();
  const { user } = useAuth();
  const theme = useTheme();
  // The board shows one column at a time below this width (as KanbanBoard does): dragging between columns is not what works there.
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const cardId = params.get('card');
  const fallback = useDefaultBoardProject();
  const linkedCard = useCard(cardId && !params.get('project') ? cardId : null);
  const projectId = params.get('project') ?? linkedCard.data?.card.project_id ?? (cardId ? null : fallback);

  useEffect(() => {
    const found = linkedCard.data?.card.project_id;
    if (found && !params.get('project')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('project', found);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [linkedCard.data, params, setParams]);

  if (!user) return null;

  // Choosing a project or opening a card changes the address, not the page: the window stays where it is.
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="kanban-page">
      <PageTitle title={t('page.title')} />
      {/* How cards move, as it works at each width. */}
      <PageHeading title={t('page.title')}>{isPhone ? t('page.phoneHint') : t('page.wideHint')}</PageHeading>
      <BoardProjectPicker
        value={projectId}
        onChange={(id) => update({ project: id, card: null })}
        emptyText={user.role === 'admin' || user.role === 'superadmin' ? t('page.noProjectStaff') : t('page.noProjectMember')}
      />
      {linkedCard.isError && (
        <RecordError
          error={linkedCard.error}
          missingText={t('page.cardMissing')}
          onRetry={() => void linkedCard.refetch()}
          data-testid="card-missing"
        />
      )}
      {projectId && (
        <KanbanBoard
          key={projectId}
          projectId={projectId}
          me={user.id}
          openCardId={cardId}
          onOpenCard={(id) => update({ card: id })}
          cardTimePanel={(card) => (
            <Suspense fallback={null}>
              <CardTimePanel card={card} canTrack={user.role === 'teamlead' || user.role === 'teammember'} />
            </Suspense>
          )}
        />
      )}
    </Box>
  );
}
