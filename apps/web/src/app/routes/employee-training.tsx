import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { localToday } from '../../features/board/utils/board-state';
import { MyTraining } from '../../features/training/components/my-training';
import { TrainingProgress } from '../../features/training/components/training-progress';
import { useTrainingT } from '../../features/training/i18n';

/** /employee/training: my assigned training (`?module=<id>` opens one); a team lead also sees the team's progress. */
export function EmployeeTrainingRoute() {
  const { t } = useTrainingT();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageTitle title={t('pages.trainingTitle')} />
      <PageHeading title={t('pages.trainingTitle')}>{t('pages.trainingIntro')}</PageHeading>
      <MyTraining
        openModuleId={params.get('module')}
        // The open module is kept in the address without moving the page: a new address would otherwise scroll the
        // window to the top (ScrollRestoration), away from the module just opened and from under the pointer.
        onOpenModule={(id) => setParams(id ? { module: id } : {}, { replace: true, preventScrollReset: true })}
        today={localToday()}
      />
      {user.role === 'teamlead' && <TrainingProgress title={t('pages.teamProgressTitle')} subtitle={t('pages.teamProgressSubtitle')} />}
    </Box>
  );
}
