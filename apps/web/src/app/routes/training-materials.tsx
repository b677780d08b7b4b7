import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { TrainingAdmin } from '../../features/training/components/training-admin';
import { TrainingProgress } from '../../features/training/components/training-progress';
import { useTrainingT } from '../../features/training/i18n';

/** /training-materials (staff): write, order, assign and publish modules (`?module=<id>`), and everyone's progress (`?tab=progress`). */
export function TrainingMaterialsRoute() {
  // A tab or a module chosen here changes the address, not the page: the window stays where it is.
  const { t } = useTrainingT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'progress' ? 'progress' : 'modules';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle title={t('pages.materialsTitle')} />
      <PageHeading title={t('pages.materialsTitle')}>{t('pages.materialsIntro')}</PageHeading>
      <Tabs
        value={tab}
        onChange={(_e, value) => setParams(value === 'progress' ? { tab: 'progress' } : {}, { preventScrollReset: true })}
        aria-label={t('pages.tabsLabel')}
      >
        <Tab value="modules" label={t('pages.modulesTab')} data-testid="tab-modules" />
        <Tab value="progress" label={t('pages.progressTab')} data-testid="tab-progress" />
      </Tabs>
      {tab === 'modules' ? (
        <TrainingAdmin selectedId={params.get('module')} onSelect={(id) => setParams(id ? { module: id } : {}, { preventScrollReset: true })} />
      ) : (
        <TrainingProgress title={t('pages.progressTitle')} subtitle={t('pages.progressSubtitle')} />
      )}
    </Box>
  );
}
