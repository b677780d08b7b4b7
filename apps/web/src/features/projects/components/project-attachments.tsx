import type { ProjectAttachment } from '@agency/schema';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatFileSize } from '../../../lib/format';
import { useProjectsT } from '../i18n';

const isImage = (attachment: ProjectAttachment) => attachment.mime.startsWith('image/') && attachment.mime !== 'image/svg+xml';

/** Images as thumbnails, other files as download chips; both through the attachment's signed link. */
export function ProjectAttachments({ attachments }: { attachments: readonly ProjectAttachment[] }) {
  const { t } = useProjectsT();
  if (attachments.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('attachments.none')}
      </Typography>
    );
  }
  const images = attachments.filter(isImage);
  const others = attachments.filter((attachment) => !isImage(attachment));
  return (
    <Box data-testid="project-attachments">
      {images.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: others.length > 0 ? 1.5 : 0 }}>
          {images.map((image) => (
            <Box
              key={image.id}
              component="a"
              href={image.url}
              target="_blank"
              rel="noopener noreferrer"
              title={`${image.name} (${formatFileSize(image.size)})`}
              data-testid="attachment-thumbnail"
              sx={{
                display: 'block',
                width: 112,
                height: 84,
                borderRadius: 2,
                overflow: 'hidden',
                border: '1px solid',
                borderColor: 'divider',
                bgcolor: 'grey.100',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                component="img"
                src={image.url}
                alt={image.name}
                loading="lazy"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </Box>
          ))}
        </Box>
      )}
      {others.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {others.map((file) => (
            <Chip
              key={file.id}
              component="a"
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              clickable
              icon={<InsertDriveFileOutlinedIcon />}
              label={`${file.name} · ${formatFileSize(file.size)}`}
              variant="outlined"
              sx={{ maxWidth: '100%' }}
              data-testid="attachment-chip"
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
