import { CONTRACT_KINDS, type ContractKind } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useCommonT } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { useCompanySigners } from '../api/company-signers';
import { useCreateContract } from '../api/create-contract';
import { useContractTemplates } from '../api/list-contract-templates';
import { useContractsT } from '../i18n';

type Person = { id: string; name: string; note?: string };
export type ContractProject = { id: string; title: string; client: Person; company_id?: string; team_lead: Person | null; members: Person[] };

/**
 * A new draft for one of the project's people, from a template of the matching kind. A client contract is signed
 * by a person of the client's company, the one who asked for the project unless staff name another (owners first).
 */
export function NewContractDialog({ project, onClose, onDone }: { project: ContractProject; onClose: () => void; onDone: () => void }) {
  const titleId = useId();
  const { t } = useContractsT();
  const { t: common } = useCommonT();
  const create = useCreateContract();
  const [kind, setKind] = useState<ContractKind>('client');
  const templates = useContractTemplates(kind);
  const [templateId, setTemplateId] = useState('');
  const team = [...(project.team_lead ? [project.team_lead] : []), ...project.members.filter((m) => m.id !== project.team_lead?.id)];
  const company = useCompanySigners(project.company_id, kind === 'client');
  const colleagues = (company.data ?? [])
    .filter((m) => m.id !== project.client.id)
    .map((m) => ({ id: m.id, name: m.name, note: t(`companyRole.${m.company_role}`) }));
  const signers = kind === 'client' ? [project.client, ...colleagues] : team;
  const [signerId, setSignerId] = useState(project.client.id);
  const chosenTemplate = templateId || templates.data?.find((template) => template.is_default)?.id || '';

  function handleKind(next: ContractKind) {
    setKind(next);
    setTemplateId('');
    setSignerId(next === 'client' ? project.client.id : (team[0]?.id ?? ''));
  }

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="new-contract-dialog">
      <DialogTitle id={titleId}>{t('newDialog.title', { title: project.title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          <TextField select label={t('newDialog.kind')} value={kind} onChange={(e) => handleKind(e.target.value as ContractKind)}>
            {CONTRACT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`kind.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('newDialog.signer')}
            value={signerId}
            onChange={(e) => setSignerId(e.target.value)}
            helperText={signers.length === 0 ? t('newDialog.noTeam') : undefined}
          >
            {signers.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.note ? t('newDialog.signerWithRole', { name: p.name, role: p.note }) : p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('newDialog.template')}
            value={chosenTemplate}
            onChange={(e) => setTemplateId(e.target.value)}
            disabled={templates.isPending}
          >
            {(templates.data ?? []).map((template) => (
              <MenuItem key={template.id} value={template.id}>
                {template.is_default ? t('newDialog.defaultTemplate', { title: template.title }) : template.title}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={create.isPending}>
          {common('shared.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={create.isPending}
          disabled={!signerId || !chosenTemplate}
          onClick={() => create.mutate({ project_id: project.id, kind, signer_id: signerId, template_id: chosenTemplate }, { onSuccess: onDone })}
        >
          {t('newDialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
