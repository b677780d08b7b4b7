import type { TrainingMaterial } from '@agency/schema';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Markdown } from '../../../components/markdown';
import { formatFileSize } from '../../../lib/format';
import { useTrainingT } from '../i18n';

/** What a material holds: its description, the link or file to open, and its Markdown content (sanitised). */
export function MaterialBody({ material }: { material: TrainingMaterial }) {
  const { t } = useTrainingT();
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }} data-testid="material-body">
      {material.description && <Typography color="text.secondary">{material.description}</Typography>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {material.link_url && (
          <Button
            variant="outlined"
            size="small"
            href={material.link_url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            startIcon={material.kind === 'video' ? <OndemandVideoOutlinedIcon /> : <ArticleOutlinedIcon />}
          >
            {material.kind === 'video' ? t('material.watchVideo') : t('material.readArticle')}
          </Button>
        )}
        {material.file && (
          <Button variant="outlined" size="small" href={material.file.url} target="_blank" rel="noopener noreferrer" startIcon={<AttachFileIcon />}>
            {material.file.name} ({formatFileSize(material.file.size)})
          </Button>
        )}
      </Stack>
      {material.content.trim() && (
        <Box sx={{ p: 2, bgcolor: '#f8fafc', borderRadius: 2 }}>
          <Markdown source={material.content} data-testid="material-content" />
        </Box>
      )}
    </Stack>
  );
}
