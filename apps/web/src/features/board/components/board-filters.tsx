import type { Board } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FilterSelect } from '../../../components/list-filters';
import { useBoardT } from '../i18n';
import { ASSIGNEE_ME, ASSIGNEE_NONE, NO_FILTERS, boardLabels, isFiltering, type BoardFilters as Filters, type DueFilter } from '../utils/board-state';

type BoardFiltersProps = { board: Board; filters: Filters; onChange: (filters: Filters) => void };

const DUE_OPTIONS = [
  { value: 'all', key: 'anyDue' },
  { value: 'overdue', key: 'overdue' },
  { value: 'soon', key: 'soon' },
  { value: 'none', key: 'noDue' },
] as const satisfies readonly { value: DueFilter; key: string }[];

const FIELD_SX = { width: { xs: '100%', sm: 190 } };

/** Assignee, label and due-date filters; they hide cards on this screen only. */
export function BoardFilters({ board, filters, onChange }: BoardFiltersProps) {
  const { t } = useBoardT();
  const dueOptions = DUE_OPTIONS.map(({ value, key }) => ({ value, label: t(`filters.${key}`) }));
  const assignees = [
    { value: 'all', label: t('filters.everyone') },
    { value: ASSIGNEE_ME, label: t('filters.me') },
    { value: ASSIGNEE_NONE, label: t('filters.unassigned') },
    ...board.members.map((member) => ({ value: member.id, label: member.name })),
  ];
  const labels = [{ value: 'all', label: t('filters.anyLabel') }, ...boardLabels(board).map((label) => ({ value: label, label }))];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="board-filters">
      <FilterSelect
        label={t('filters.assignee')}
        value={filters.assignee}
        onChange={(assignee) => onChange({ ...filters, assignee })}
        options={assignees}
        sx={FIELD_SX}
        inputProps={{ 'data-testid': 'filter-assignee' }}
      />
      <FilterSelect
        label={t('filters.label')}
        value={filters.label}
        onChange={(label) => onChange({ ...filters, label })}
        options={labels}
        sx={FIELD_SX}
        inputProps={{ 'data-testid': 'filter-label' }}
      />
      <FilterSelect
        label={t('filters.due')}
        value={filters.due}
        onChange={(due) => onChange({ ...filters, due: due as DueFilter })}
        options={dueOptions}
        sx={FIELD_SX}
        inputProps={{ 'data-testid': 'filter-due' }}
      />
      {isFiltering(filters) && (
        <Button size="small" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear')}
        </Button>
      )}
    </Box>
  );
}
