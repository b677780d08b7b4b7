import { percentDone, type MyTrainingModule } from '@agency/schema';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notify } from '../../../lib/notify';
import { ListEmpty, ListError, ListLoading, RecordMissing } from '../../../components/list-states';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useMyTraining } from '../api/list-my-training';
import { useSetMaterialCompleted } from '../api/set-material-completed';
import { MaterialBody } from './material-body';
import { useTrainingT } from '../i18n';

type MyTrainingProps = { openModuleId: string | null; onOpenModule: (id: string | null) => void; today: string };

function ModuleProgress({ module }: { module: MyTrainingModule }) {
  const { t } = useTrainingT();
  const percent = percentDone(module.completed, module.total);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: { sm: 220 } }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent === 100 ? 'success' : 'primary'}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
        aria-label={t('my.percentComplete', { title: module.title, percent })}
      />
      <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 44, textAlign: 'right' }} data-testid="module-percent">
        {percent} %
      </Typography>
    </Stack>
  );
}

/** My assigned training: each module with its progress; open one to read its materials and mark them complete. */
export function MyTraining({ openModuleId, onOpenModule, today }: MyTrainingProps) {
  const { t } = useTrainingT();
  const query = useMyTraining();
  const complete = useSetMaterialCompleted();
  if (query.isPending) return <ListLoading label={t('my.loading')} />;
  if (query.isError) return <ListError message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <Card>
        <ListEmpty icon={<SchoolOutlinedIcon />} title={t('my.emptyTitle')}>
          {t('my.emptyBody')}
        </ListEmpty>
      </Card>
    );
  }
  const isOpenModuleMissing = openModuleId !== null && !query.data.items.some((module) => module.id === openModuleId);
  return (
    <Box data-testid="my-training">
      {isOpenModuleMissing && (
        <Box sx={{ mb: 1.5 }}>
          <RecordMissing data-testid="module-missing">{t('my.moduleMissing')}</RecordMissing>
        </Box>
      )}
      {query.data.items.map((module) => {
        const isOverdue = module.due_date !== null && module.due_date < today && module.completed < module.total;
        return (
          <Accordion
            key={module.id}
            expanded={openModuleId === module.id}
            onChange={(_e, isExpanded) => onOpenModule(isExpanded ? module.id : null)}
            disableGutters
            sx={{ mb: 1.5, borderRadius: 2, '&:before': { display: 'none' } }}
            data-testid="training-module"
            data-module-id={module.id}
            // Each module is a heading under the page's own (h1): the summary's default h3 skipped a level.
            slotProps={{ heading: { component: 'h2' } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`module-${module.id}`} id={`module-${module.id}-header`}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ width: '100%', alignItems: { sm: 'center' }, pr: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{module.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('my.done', { completed: module.completed, total: module.total })}
                    {module.due_date ? t('my.dueSuffix', { date: formatDate(module.due_date) }) : ''}
                  </Typography>
                </Box>
                {isOverdue && <Chip size="small" color="error" label={t('my.overdue')} />}
                <ModuleProgress module={module} />
              </Stack>
            </AccordionSummary>
            <AccordionDetails id={`module-${module.id}`}>
              {module.description && (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {module.description}
                </Typography>
              )}
              <Stack spacing={2}>
                {module.materials.map((material, index) => {
                  const isDone = material.completed_at !== null;
                  return (
                    <Box
                      key={material.id}
                      component="article"
                      aria-label={material.title}
                      sx={{ p: 2, border: '1px solid', borderColor: isDone ? 'success.light' : 'divider', borderRadius: 2 }}
                      data-testid="training-material"
                      data-completed={isDone ? 'true' : 'false'}
                    >
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
                        <Typography component="h3" sx={{ fontWeight: 700, flex: 1, minWidth: 160 }}>
                          {index + 1}. {material.title}
                        </Typography>
                        <Chip size="small" label={t(`kinds.${material.kind}`)} variant="outlined" />
                      </Stack>
                      <MaterialBody material={material} />
                      <Box sx={{ mt: 1.5 }}>
                        <Button
                          variant={isDone ? 'outlined' : 'contained'}
                          color={isDone ? 'success' : 'primary'}
                          size="small"
                          startIcon={isDone ? <CheckCircleIcon /> : undefined}
                          loading={complete.isPending && complete.variables?.id === material.id}
                          onClick={() =>
                            complete.mutate({ id: material.id, isCompleted: !isDone }, { onError: (error) => notify.error(errorMessage(error)) })
                          }
                          aria-pressed={isDone}
                          data-testid="complete-material"
                        >
                          {isDone ? t('my.completedUndo') : t('my.markComplete')}
                        </Button>
                      </Box>
                    </Box>
                  );
                })}
              </Stack>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
