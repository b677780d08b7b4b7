import { isOpenProject, MAX_PROJECT_ATTACHMENTS, type ProjectStatus } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/http';
import { useUploadProjectAttachments } from '../api/upload-project-attachments';
import { useProjectsT } from '../i18n';
import { AttachmentPicker } from './attachment-picker';

type ProjectUploaderProps = { projectId: string; status: ProjectStatus; existingCount: number };

/** Adds files to an open project, with upload progress. */
export function ProjectUploader({ projectId, status, existingCount }: ProjectUploaderProps) {
  const { t } = useProjectsT();
  const upload = useUploadProjectAttachments();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);

  if (!isOpenProject(status) || existingCount >= MAX_PROJECT_ATTACHMENTS) return null;

  function handleUpload() {
    setProgress(0);
    upload.mutate(
      { projectId, files, onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)) },
      {
        onSuccess: () => {
          notify.success(t('uploader.uploaded', { count: files.length }));
          setFiles([]);
        },
      },
    );
  }

  return (
    <Box sx={{ mt: 2.5, pt: 2, borderTop: '1px solid', borderColor: 'divider' }} data-testid="project-uploader">
      <AttachmentPicker files={files} onChange={setFiles} existingCount={existingCount} disabled={upload.isPending} />
      {upload.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(upload.error)}
        </Alert>
      )}
      {upload.isPending && (
        <Box role="status" aria-live="polite" sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('uploader.uploading', { progress })}
          </Typography>
          <LinearProgress variant="determinate" value={progress} aria-label={t('uploader.progress')} />
        </Box>
      )}
      {files.length > 0 && (
        <Button variant="contained" sx={{ mt: 1.5 }} onClick={handleUpload} loading={upload.isPending} data-testid="upload-files">
          {t('uploader.upload', { count: files.length })}
        </Button>
      )}
    </Box>
  );
}
