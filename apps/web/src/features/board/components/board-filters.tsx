import type { Board } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FilterSelect } from '../../../components/list-filters';
import { ASSIGNEE_ME, ASSIGNEE_NONE, NO_FILTERS, boardLabels, isFiltering, type BoardFilters as Filters, type DueFilter } from '../utils/board-state';

type BoardFiltersProps = { board: Board; filters: Filters; onChange: (filters: Filters) => void };

const DUE_OPTIONS: { value: DueFilter; label: string }[] = [
  { value: 'all', label: 'Any due date' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'soon', label: 'Due soon or overdue' },
  { value: 'none', label: 'No due date' },
];

const FIELD_SX = { width: { xs: '100%', sm: 190 } };

/** Assignee, label and due-date filters; they hide cards on this screen only. */
export function BoardFilters({ board, filters, onChange }: BoardFiltersProps) {
  const assignees = [
    { value: 'all', label: 'Everyone' },
    { value: ASSIGNEE_ME, label: 'Assigned to me' },
    { value: ASSIGNEE_NONE, label: 'Unassigned' },
    ...board.members.map((member) => ({ value: member.id, label: member.name })),
  ];
  const labels = [{ value: 'all', label: 'Any label' }, ...boardLabels(board).map((label) => ({ value: label, label }))];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="board-filters">
      <FilterSelect
        label="Assignee"
        value={filters.assignee}
        onChange={(assignee) => onChange({ ...filters, assignee })}
        options={assignees}
        sx={FIELD_SX}
        inputProps={{ 'data-testid': 'filter-assignee' }}
      />
      <FilterSelect
        label="Label"
        value={filters.label}
        onChange={(label) => onChange({ ...filters, label })}
        options={labels}
        sx={FIELD_SX}
        inputProps={{ 'data-testid': 'filter-label' }}
      />
      <FilterSelect
        label="Due"
        value={filters.due}
        onChange={(due) => onChange({ ...filters, due: due as DueFilter })}
        options={DUE_OPTIONS}
        sx={FIELD_SX}
        inputProps={{ 'data-testid': 'filter-due' }}
      />
      {isFiltering(filters) && (
        <Button size="small" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
