import type { ContractTemplate } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useContractTemplates } from '../api/list-contract-templates';
import { useContractsT } from '../i18n';
import { TemplateEditor } from './template-editor';

/** The template list and, beside it, the editor of the chosen one (or a new one). */
export function ContractTemplates() {
  const { t } = useContractsT();
  const templates = useContractTemplates();
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const items = templates.data ?? [];
  const current = selected === 'new' ? null : (items.find((item) => item.id === selected) ?? items[0] ?? null);
  const editorKey = selected === 'new' ? 'new' : (current?.id ?? 'none');

  if (templates.isPending) return <ListLoading label={t('loading.templates')} />;
  if (templates.isError) return <ListError message={errorMessage(templates.error)} onRetry={() => templates.refetch()} />;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: '260px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Card>
        <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('templates.heading')}
          </Typography>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setSelected('new')} data-testid="template-new">
            {t('templates.new')}
          </Button>
        </Stack>
        <List disablePadding data-testid="template-list" sx={{ maxHeight: { xs: 240, xl: 'none' }, overflowY: 'auto' }}>
          {items.map((item: ContractTemplate) => (
            <ListItem key={item.id} disablePadding divider>
              <ListItemButton
                selected={selected !== 'new' && current?.id === item.id}
                aria-current={selected !== 'new' && current?.id === item.id ? 'true' : undefined}
                onClick={() => setSelected(item.id)}
              >
                <ListItemText
                  primary={item.title}
                  secondary={
                    <>
                      {t(`kind.${item.kind}`)} · {formatDate(item.updated_at)}
                      {item.is_default && (
                        <Chip component="span" size="small" label={t('templates.default')} color="primary" sx={{ ml: 1, height: 20 }} />
                      )}
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Card>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {current ? t('templates.editTitle', { title: current.title }) : t('templates.newTitle')}
        </Typography>
        <TemplateEditor key={editorKey} template={current} onSaved={(saved) => setSelected(saved.id)} onDeleted={() => setSelected(null)} />
      </Box>
    </Box>
  );
}
