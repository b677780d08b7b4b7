import { canChangeProjectStatus, type ChangeProjectStatusInput, type ProjectListItem, type Role } from '@agency/schema';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { ButtonProps } from '@mui/material/Button';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LazyTextField } from '../../../components/lazy-text-field';
import { errorMessage } from '../../../lib/http';
import { useChangeProjectStatus } from '../api/change-project-status';
import { useProjectsT } from '../i18n';

type TargetStatus = ChangeProjectStatusInput['status'];

/** Each move's texts are under `statusActions.<key>` in the catalogue: label, title, question and done. */
const ACTIONS: readonly {
  status: TargetStatus;
  key: 'start' | 'complete' | 'cancel';
  color: ButtonProps['color'];
  icon: ReactNode;
}[] = [
  { status: 'in_progress', key: 'start', color: 'primary', icon: <PlayArrowIcon /> },
  { status: 'completed', key: 'complete', color: 'success', icon: <DoneAllIcon /> },
  { status: 'cancelled', key: 'cancel', color: 'error', icon: <CancelOutlinedIcon /> },
];

type ProjectStatusActionsProps = {
  project: Pick<ProjectListItem, 'id' | 'title' | 'status' | 'team_lead'>;
  role: Role;
  userId: string;
  size?: ButtonProps['size'];
};

/** Start, complete and cancel: only the moves this person may make from the project's current status. */
export function ProjectStatusActions({ project, role, userId, size = 'medium' }: ProjectStatusActionsProps) {
  const { t } = useProjectsT();
  const changeStatus = useChangeProjectStatus();
  const [chosen, setChosen] = useState<(typeof ACTIONS)[number] | null>(null);
  // Kept after closing so the dialog's text does not change while it fades out.
  const [isOpen, setIsOpen] = useState(false);
  const [note, setNote] = useState('');
  const relation = { isTeamLead: project.team_lead?.id === userId };
  const allowed = ACTIONS.filter((action) => canChangeProjectStatus(role, project.status, action.status, relation));
  if (allowed.length === 0) return null;

  function handleOpen(action: (typeof ACTIONS)[number]) {
    setNote('');
    setChosen(action);
    setIsOpen(true);
  }

  function handleConfirm() {
    if (!chosen) return;
    const action = chosen;
    // The answer is awaited here rather than through mutate's own callbacks: the new status can re-render the list
    // around these buttons (another action, another layout) before they would run, and TanStack Query drops the
    // callbacks of an unmounted caller, so the person would never be told.
    changeStatus.mutateAsync({ id: project.id, input: { status: action.status, note: note.trim() || undefined } }).then(
      () => {
        notify.success(t('statusActions.doneFor', { done: t(`statusActions.${action.key}.done`), title: project.title }));
        setIsOpen(false);
      },
      (error: unknown) => notify.error(errorMessage(error)),
    );
  }

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: size === 'small' ? 'nowrap' : 'wrap', rowGap: 1, justifyContent: { md: 'flex-end' } }}
        data-testid="project-status-actions"
      >
        {allowed.map((action) => (
          <Button
            key={action.status}
            size={size}
            variant={action.status === 'cancelled' ? 'outlined' : 'contained'}
            color={action.color}
            startIcon={action.icon}
            onClick={() => handleOpen(action)}
            aria-label={t('statusActions.actionFor', { action: t(`statusActions.${action.key}.label`), title: project.title })}
            data-testid={`status-action-${action.status}`}
          >
            {size === 'small' && action.status === 'cancelled' ? t('statusActions.cancelShort') : t(`statusActions.${action.key}.label`)}
          </Button>
        ))}
      </Stack>
      <ConfirmDialog
        open={isOpen}
        title={chosen ? t(`statusActions.${chosen.key}.title`) : ''}
        confirmLabel={chosen ? t(`statusActions.${chosen.key}.label`) : ''}
        confirmColor={chosen?.color}
        isPending={changeStatus.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsOpen(false)}
      >
        <strong>{project.title}</strong>: {chosen ? t(`statusActions.${chosen.key}.question`) : ''}
        <LazyTextField
          label={t('statusActions.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          size="small"
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </ConfirmDialog>
    </>
  );
}
