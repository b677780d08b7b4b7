import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useProjectCards } from '../api/list-project-cards';
import { useTrackableProjects } from '../api/list-trackable-projects';
import { rowKey, type GridRow } from '../utils/week-grid';
import { useTimeT } from '../i18n';

const WHOLE_PROJECT = '';

/** Adds a row to the week grid: a project the person works on, and one of its cards or the project as a whole. */
export function AddRowForm({ existing, onAdd }: { existing: readonly string[]; onAdd: (row: GridRow) => void }) {
  const { t } = useTimeT();
  const projects = useTrackableProjects();
  const [projectId, setProjectId] = useState('');
  const [cardId, setCardId] = useState(WHOLE_PROJECT);
  const cards = useProjectCards(projectId || null);
  const project = projects.data?.find((p) => p.id === projectId);
  const key = project ? rowKey(project.id, cardId || null) : null;
  const isTaken = key !== null && existing.includes(key);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!project || isTaken || !key) return;
    const card = cards.data?.find((c) => c.id === cardId);
    onAdd({ key, projectId: project.id, projectTitle: project.title, cardId: card?.id ?? null, cardTitle: card?.title ?? null });
    setCardId(WHOLE_PROJECT);
  };

  return (
    <Box
      component="form"
      onSubmit={handleSubmit}
      aria-label={t('addRow.label')}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', flex: '1 1 320px' }}
      data-testid="add-row-form"
    >
      <TextField
        select
        size="small"
        label={t('addRow.project')}
        value={projectId}
        onChange={(event) => {
          setProjectId(event.target.value);
          setCardId(WHOLE_PROJECT);
        }}
        sx={{ minWidth: 180, flex: '1 1 180px' }}
        disabled={!projects.data?.length}
        helperText={projects.data && projects.data.length === 0 ? t('addRow.notOnProject') : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'add-row-project' } }}
      >
        {(projects.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('addRow.card')}
        value={cardId}
        onChange={(event) => setCardId(event.target.value)}
        sx={{ minWidth: 180, flex: '1 1 180px' }}
        disabled={!projectId}
        slotProps={{ htmlInput: { 'data-testid': 'add-row-card' } }}
      >
        <MenuItem value={WHOLE_PROJECT}>{t('addRow.wholeProject')}</MenuItem>
        {(cards.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.title}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="outlined" disabled={!project || isTaken} data-testid="add-row">
        {isTaken ? t('addRow.taken') : t('addRow.add')}
      </Button>
    </Box>
  );
}
