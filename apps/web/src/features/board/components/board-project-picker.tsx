import { PROJECT_STATUS_LABELS } from '@agency/schema';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ListError, ListLoading } from '../../../components/list-states';
import { errorMessage } from '../../../lib/http';
import { useBoardProjects } from '../api/list-board-projects';

type BoardProjectPickerProps = { value: string | null; onChange: (projectId: string) => void; emptyText: string };

/** The projects with a board that the caller may open: the ones they work on, or all for staff. */
export function BoardProjectPicker({ value, onChange, emptyText }: BoardProjectPickerProps) {
  const projects = useBoardProjects();
  if (projects.isPending) return <ListLoading label="Loading projects..." />;
  if (projects.isError) return <ListError message={errorMessage(projects.error)} onRetry={() => projects.refetch()} />;
  if (projects.data.length === 0) return <TextField disabled fullWidth size="small" label="Project" value={emptyText} />;
  const selected = projects.data.some((p) => p.id === value) ? value : '';
  return (
    <TextField
      select
      size="small"
      label="Project"
      value={selected}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: 420 }, justifySelf: 'start' }}
      slotProps={{ htmlInput: { 'data-testid': 'board-project-select' } }}
    >
      {projects.data.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.title} · {PROJECT_STATUS_LABELS[p.status]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The project a board opens on by default: the first one in progress, else the first one. */
export function useDefaultBoardProject(): string | null {
  const projects = useBoardProjects();
  const list = projects.data ?? [];
  return (list.find((p) => p.status === 'in_progress') ?? list[0])?.id ?? null;
}
