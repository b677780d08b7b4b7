import type { Board } from '@agency/schema';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { ASSIGNEE_ME, ASSIGNEE_NONE, NO_FILTERS, boardLabels, isFiltering, type BoardFilters as Filters, type DueFilter } from '../utils/board-state';

type BoardFiltersProps = { board: Board; filters: Filters; onChange: (filters: Filters) => void };

const DUE_OPTIONS: { value: DueFilter; label: string }[] = [
  { value: 'all', label: 'Any due date' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'soon', label: 'Due soon or overdue' },
  { value: 'none', label: 'No due date' },
];

/** Assignee, label and due-date filters; they hide cards on this screen only. */
export function BoardFilters({ board, filters, onChange }: BoardFiltersProps) {
  const labels = boardLabels(board);
  const field = { size: 'small' as const, select: true, sx: { width: { xs: '100%', sm: 190 } } };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="board-filters">
      <TextField
        {...field}
        label="Assignee"
        value={filters.assignee}
        onChange={(e) => onChange({ ...filters, assignee: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'filter-assignee' } }}
      >
        <MenuItem value="all">Everyone</MenuItem>
        <MenuItem value={ASSIGNEE_ME}>Assigned to me</MenuItem>
        <MenuItem value={ASSIGNEE_NONE}>Unassigned</MenuItem>
        {board.members.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        label="Label"
        value={filters.label}
        onChange={(e) => onChange({ ...filters, label: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'filter-label' } }}
      >
        <MenuItem value="all">Any label</MenuItem>
        {labels.map((label) => (
          <MenuItem key={label} value={label}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        label="Due"
        value={filters.due}
        onChange={(e) => onChange({ ...filters, due: e.target.value as DueFilter })}
        slotProps={{ htmlInput: { 'data-testid': 'filter-due' } }}
      >
        {DUE_OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {isFiltering(filters) && (
        <Button size="small" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
