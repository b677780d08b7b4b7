import {
  TRAINING_CONTENT_MAX,
  TRAINING_DESCRIPTION_MAX,
  TRAINING_LINK_MAX,
  TRAINING_TITLE_MAX,
  type EmployeeRole,
  type TrainingMaterial,
  type TrainingModule,
  type TrainingModuleDetail,
} from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty, ListError, ListLoading, RecordError } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useCreateMaterial } from '../api/create-material';
import { useCreateModule } from '../api/create-module';
import { useDeleteMaterial } from '../api/delete-material';
import { useDeleteModule } from '../api/delete-module';
import { useTrainingModule } from '../api/get-module';
import { useTrainingModules } from '../api/list-modules';
import { useMoveMaterial } from '../api/move-material';
import { useMoveModule } from '../api/move-module';
import { useSetAssignment } from '../api/set-assignment';
import { useUpdateMaterial } from '../api/update-material';
import { useUpdateModule } from '../api/update-module';
import { useUploadMaterialFile } from '../api/upload-material-file';
import { MaterialBody } from './material-body';
import { DateInput } from '../../../components/date-input';
import { i18n } from '../../../i18n';
import { useTrainingT } from '../i18n';

const onError = (error: unknown) => notify.error(errorMessage(error));

function audience(module: TrainingModule) {
  const names = module.roles.map((r) => i18n.t(`training:roleNames.${r}`));
  if (names.length === 0) return i18n.t('training:admin.notAssigned');
  if (names.length === 1) return names[0];
  return i18n.t('training:admin.audienceBoth', { first: names[0], second: names[1] });
}

type TrainingAdminProps = { selectedId: string | null; onSelect: (id: string | null) => void };

/** Staff write modules and their materials, order them, assign them to roles and publish them. */
export function TrainingAdmin({ selectedId, onSelect }: TrainingAdminProps) {
  const { t } = useTrainingT();
  const modules = useTrainingModules();
  const create = useCreateModule();
  const move = useMoveModule();
  const [title, setTitle] = useState('');

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim().length < 3) return;
    create.mutate(
      { title: title.trim() },
      {
        onSuccess: ({ module }) => {
          setTitle('');
          onSelect(module.id);
        },
        onError,
      },
    );
  };

  const list = modules.data?.items ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '340px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <SectionCard title={t('admin.modulesTitle')} subtitle={t('admin.modulesSubtitle')} data-testid="module-list">
        <Box component="form" onSubmit={handleCreate} sx={{ display: 'flex', gap: 1, p: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
          <TextField
            size="small"
            fullWidth
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('admin.newModuleTitle')}
            slotProps={{ htmlInput: { maxLength: TRAINING_TITLE_MAX, 'aria-label': t('admin.newModuleTitle'), 'data-testid': 'new-module-title' } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddIcon />}
            disabled={title.trim().length < 3}
            loading={create.isPending}
            data-testid="create-module"
          >
            {t('admin.add')}
          </Button>
        </Box>
        {modules.isPending ? (
          <ListLoading label={t('admin.loadingModules')} />
        ) : modules.isError ? (
          <ListError message={errorMessage(modules.error)} onRetry={() => modules.refetch()} />
        ) : list.length === 0 ? (
          <ListEmpty icon={<SchoolOutlinedIcon />} title={t('admin.noModule')}>
            {t('admin.startWithTitle')}
          </ListEmpty>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((module, index) => (
              <Stack component="li" key={module.id} direction="row" sx={{ alignItems: 'center', borderBottom: '1px solid', borderColor: 'divider' }}>
                <ListItemButton selected={module.id === selectedId} onClick={() => onSelect(module.id)} sx={{ py: 1.25 }} data-testid="module-item">
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{module.title}</Typography>
                    <Stack direction="row" spacing={0.75} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                      <Chip
                        size="small"
                        label={module.status === 'published' ? t('admin.published') : t('admin.draft')}
                        color={module.status === 'published' ? 'success' : 'default'}
                        variant="outlined"
                      />
                      <Typography variant="caption" color="text.secondary">
                        {t('admin.materialCount', { count: module.material_count })} · {audience(module)}
                      </Typography>
                    </Stack>
                  </Box>
                </ListItemButton>
                <Stack sx={{ pr: 0.5 }}>
                  <IconButton
                    size="small"
                    aria-label={t('admin.moveUp', { title: module.title })}
                    disabled={index === 0}
                    onClick={() => move.mutate({ id: module.id, input: { before_module_id: list[index - 1].id } }, { onError })}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('admin.moveDown', { title: module.title })}
                    disabled={index === list.length - 1}
                    onClick={() => move.mutate({ id: module.id, input: { after_module_id: list[index + 1].id } }, { onError })}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </Stack>
            ))}
          </Box>
        )}
      </SectionCard>
      {selectedId ? (
        <ModuleEditor key={selectedId} moduleId={selectedId} onDeleted={() => onSelect(null)} />
      ) : (
        <SectionCard title={t('admin.moduleTitle')}>
          <ListEmpty title={t('admin.chooseModule')}>{t('admin.chooseModuleBody')}</ListEmpty>
        </SectionCard>
      )}
    </Box>
  );
}

function ModuleEditor({ moduleId, onDeleted }: { moduleId: string; onDeleted: () => void }) {
  const { t } = useTrainingT();
  const query = useTrainingModule(moduleId);
  if (query.isPending) return <ListLoading label={t('admin.loadingModule')} />;
  if (query.isError) {
    return (
      <SectionCard title={t('admin.moduleTitle')}>
        <Box sx={{ p: 2 }}>
          <RecordError error={query.error} missingText={t('admin.moduleMissing')} onRetry={() => void query.refetch()} data-testid="module-missing" />
        </Box>
      </SectionCard>
    );
  }
  // One form per module (the editor is keyed by its id): a save refetches the module, and the form stays mounted
  // through it, so the button keeps its focus and the save's own toast is not lost with an unmounted form.
  return <ModuleForm module={query.data.module} onDeleted={onDeleted} />;
}

function ModuleForm({ module, onDeleted }: { module: TrainingModuleDetail; onDeleted: () => void }) {
  const { t } = useTrainingT();
  const [title, setTitle] = useState(module.title);
  const [description, setDescription] = useState(module.description);
  const [roles, setRoles] = useState<EmployeeRole[]>(module.roles);
  const [dueDate, setDueDate] = useState(module.due_date ?? '');
  const [isDeleting, setIsDeleting] = useState(false);
  const update = useUpdateModule();
  const assign = useSetAssignment();
  const remove = useDeleteModule();
  const isPublished = module.status === 'published';

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: module.id, input: { title: title.trim(), description } },
      { onSuccess: () => notify.success(t('admin.moduleSaved')), onError },
    );
  };
  const toggleRole = (role: EmployeeRole, checked: boolean) => setRoles(checked ? [...roles, role] : roles.filter((r) => r !== role));

  return (
    <Stack spacing={3} data-testid="module-editor" data-module-id={module.id}>
      <SectionCard
        title={module.title}
        subtitle={
          isPublished
            ? module.published_at
              ? t('admin.publishedOn', { date: formatDate(module.published_at) })
              : t('admin.published')
            : t('admin.draftSubtitle')
        }
        action={
          <Stack direction="row" spacing={1}>
            <Button
              variant={isPublished ? 'outlined' : 'contained'}
              color={isPublished ? 'inherit' : 'success'}
              onClick={() =>
                update.mutate(
                  { id: module.id, input: { status: isPublished ? 'draft' : 'published' } },
                  { onSuccess: () => notify.success(isPublished ? t('admin.moduleUnpublished') : t('admin.modulePublished')), onError },
                )
              }
              loading={update.isPending && update.variables?.input.status !== undefined}
              data-testid="publish-module"
            >
              {isPublished ? t('admin.unpublish') : t('admin.publish')}
            </Button>
            <IconButton aria-label={t('admin.deleteModule')} onClick={() => setIsDeleting(true)} color="error">
              <DeleteOutlinedIcon />
            </IconButton>
          </Stack>
        }
      >
        <Box component="form" onSubmit={handleSave} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          <TextField
            label={t('admin.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: TRAINING_TITLE_MAX } }}
          />
          <TextField
            label={t('admin.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: TRAINING_DESCRIPTION_MAX } }}
          />
          <Box>
            <Button type="submit" variant="outlined" loading={update.isPending && update.variables?.input.status === undefined}>
              {t('admin.saveDetails')}
            </Button>
          </Box>
        </Box>
      </SectionCard>

      <SectionCard title={t('admin.assignmentTitle')} subtitle={t('admin.assignmentSubtitle')} data-testid="module-assignment">
        <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
          <FormGroup row>
            {(['teamlead', 'teammember'] as const).map((role) => (
              <FormControlLabel
                key={role}
                control={
                  <Checkbox checked={roles.includes(role)} onChange={(e) => toggleRole(role, e.target.checked)} data-testid={`assign-${role}`} />
                }
                label={t(`roleNames.${role}`)}
              />
            ))}
          </FormGroup>
          <DateInput label={t('admin.dueDate')} value={dueDate} onChange={setDueDate} sx={{ maxWidth: 240 }} />
          <Box>
            <Button
              variant="outlined"
              onClick={() =>
                assign.mutate(
                  { id: module.id, input: { roles, due_date: dueDate || null } },
                  { onSuccess: () => notify.success(t('admin.assignmentSaved')), onError },
                )
              }
              loading={assign.isPending}
              data-testid="save-assignment"
            >
              {t('admin.saveAssignment')}
            </Button>
          </Box>
        </Stack>
      </SectionCard>

      <MaterialsEditor module={module} />

      <ConfirmDialog
        open={isDeleting}
        title={t('admin.deleteModuleTitle')}
        confirmLabel={t('admin.delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(module.id, {
            onSuccess: () => {
              notify.success(t('admin.moduleDeleted'));
              onDeleted();
            },
            onError,
          })
        }
        onClose={() => setIsDeleting(false)}
      >
        {t('admin.deleteModuleBody', { title: module.title, count: module.materials.length })}
      </ConfirmDialog>
    </Stack>
  );
}

function MaterialsEditor({ module }: { module: TrainingModuleDetail }) {
  const { t } = useTrainingT();
  const [editing, setEditing] = useState<TrainingMaterial | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TrainingMaterial | null>(null);
  const move = useMoveMaterial();
  const remove = useDeleteMaterial();
  const uploadFile = useUploadMaterialFile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadFor, setUploadFor] = useState<string | null>(null);
  const list = module.materials;
  return (
    <SectionCard
      title={t('admin.materialsTitle')}
      subtitle={t('admin.materialsSubtitle')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="add-material">
          {t('admin.addMaterial')}
        </Button>
      }
      data-testid="materials-editor"
    >
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="material-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file && uploadFor) uploadFile.mutate({ id: uploadFor, file }, { onSuccess: () => notify.success(t('admin.fileUploaded')), onError });
        }}
      />
      {list.length === 0 ? (
        <ListEmpty title={t('admin.noMaterial')}>{t('admin.noMaterialBody')}</ListEmpty>
      ) : (
        <Stack component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((material, index) => (
            <Box
              component="li"
              key={material.id}
              sx={{ px: { xs: 2, sm: 3 }, py: 2, borderBottom: '1px solid', borderColor: 'divider' }}
              data-testid="material-row"
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
                <Typography component="h3" sx={{ fontWeight: 700, flex: 1, minWidth: 160, overflowWrap: 'anywhere' }}>
                  {index + 1}. {material.title}
                </Typography>
                <Chip size="small" label={t(`kinds.${material.kind}`)} variant="outlined" />
                <IconButton
                  size="small"
                  aria-label={t('admin.moveUp', { title: material.title })}
                  disabled={index === 0}
                  onClick={() => move.mutate({ id: material.id, input: { before_material_id: list[index - 1].id } }, { onError })}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('admin.moveDown', { title: material.title })}
                  disabled={index === list.length - 1}
                  onClick={() => move.mutate({ id: material.id, input: { after_material_id: list[index + 1].id } }, { onError })}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('admin.uploadFileFor', { title: material.title })}
                  onClick={() => {
                    setUploadFor(material.id);
                    fileInput.current?.click();
                  }}
                >
                  <UploadFileIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('admin.edit', { title: material.title })} onClick={() => setEditing(material)}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('admin.deleteNamed', { title: material.title })}
                  onClick={() => setToDelete(material)}
                  color="error"
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Stack>
              <MaterialBody material={material} />
            </Box>
          ))}
        </Stack>
      )}
      {editing && <MaterialDialog moduleId={module.id} material={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('admin.deleteMaterialTitle')}
        confirmLabel={t('admin.delete')}
        isPending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null), onError })}
        onClose={() => setToDelete(null)}
      >
        {t('admin.deleteMaterialBody', { title: toDelete?.title ?? '' })}
      </ConfirmDialog>
    </SectionCard>
  );
}

function MaterialDialog({ moduleId, material, onClose }: { moduleId: string; material: TrainingMaterial | null; onClose: () => void }) {
  const { t } = useTrainingT();
  const [title, setTitle] = useState(material?.title ?? '');
  const [description, setDescription] = useState(material?.description ?? '');
  const [linkUrl, setLinkUrl] = useState(material?.link_url ?? '');
  const [linkKind, setLinkKind] = useState<'video' | 'article'>(material?.kind === 'video' ? 'video' : 'article');
  const [content, setContent] = useState(material?.content ?? '');
  const create = useCreateMaterial();
  const update = useUpdateMaterial();
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const input = {
      title: title.trim(),
      description,
      content,
      link_url: linkUrl.trim() || null,
      ...(linkUrl.trim() ? { link_kind: linkKind } : {}),
    };
    const done = { onSuccess: onClose, onError: (error: unknown) => setProblem(errorMessage(error)) };
    if (material) update.mutate({ id: material.id, input }, done);
    else create.mutate({ moduleId, input }, done);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="material-dialog-title">
      <form onSubmit={handleSubmit} data-testid="material-form">
        <DialogTitle id="material-dialog-title">{material ? t('admin.editMaterial') : t('admin.newMaterial')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              label={t('admin.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: TRAINING_TITLE_MAX, name: 'title' } }}
            />
            <TextField
              label={t('admin.description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              slotProps={{ htmlInput: { maxLength: TRAINING_DESCRIPTION_MAX, name: 'description' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('admin.link')}
                value={linkUrl}
                onChange={(e) => setLinkUrl(e.target.value)}
                placeholder="https://"
                fullWidth
                slotProps={{ htmlInput: { maxLength: TRAINING_LINK_MAX, name: 'link_url' } }}
              />
              <TextField
                select
                label={t('admin.linkIs')}
                value={linkKind}
                onChange={(e) => setLinkKind(e.target.value as 'video' | 'article')}
                sx={{ minWidth: 140 }}
              >
                <MenuItem value="video">{t('admin.aVideo')}</MenuItem>
                <MenuItem value="article">{t('admin.anArticle')}</MenuItem>
              </TextField>
            </Stack>
            <TextField
              label={t('admin.content')}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              multiline
              minRows={6}
              maxRows={18}
              slotProps={{ htmlInput: { maxLength: TRAINING_CONTENT_MAX, name: 'content' } }}
            />
            <Typography variant="body2" color="text.secondary">
              {t('admin.fileLater')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('admin.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending || update.isPending}
            disabled={title.trim().length < 3}
            data-testid="save-material"
          >
            {t('admin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
