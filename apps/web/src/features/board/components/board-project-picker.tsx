import { FilterSelect } from '../../../components/list-filters';
import { ListError, ListLoading } from '../../../components/list-states';
import { useCommonT } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { useBoardProjects } from '../api/list-board-projects';
import { useBoardT } from '../i18n';

type BoardProjectPickerProps = { value: string | null; onChange: (projectId: string) => void; emptyText: string };

/** The projects with a board that the caller may open: the ones they work on, or all for staff. */
export function BoardProjectPicker({ value, onChange, emptyText }: BoardProjectPickerProps) {
  const { t } = useBoardT();
  const { t: common } = useCommonT();
  const projects = useBoardProjects();
  if (projects.isPending) return <ListLoading label={t('picker.loading')} />;
  if (projects.isError) return <ListError message={errorMessage(projects.error)} onRetry={() => projects.refetch()} />;
  const sx = { width: { xs: '100%', sm: 420 }, justifySelf: 'start' };
  if (projects.data.length === 0) {
    return <FilterSelect disabled label={t('picker.label')} value="" onChange={onChange} options={[]} placeholder={emptyText} sx={sx} />;
  }
  return (
    <FilterSelect
      label={t('picker.label')}
      value={value ?? ''}
      onChange={onChange}
      options={projects.data.map((p) => ({
        value: p.id,
        label: t('picker.option', { title: p.title, status: common(`projectStatus.${p.status}`) }),
      }))}
      placeholder={t('picker.placeholder')}
      sx={sx}
      inputProps={{ 'data-testid': 'board-project-select' }}
    />
  );
}

/** The project a board opens on by default: the first one in progress, else the first one. */
export function useDefaultBoardProject(): string | null {
  const projects = useBoardProjects();
  const list = projects.data ?? [];
  return (list.find((p) => p.status === 'in_progress') ?? list[0])?.id ?? null;
}
