import { COMPANY_ROLE_LABELS, CONTRACT_KIND_LABELS, CONTRACT_KINDS, type ContractKind } from '@agency/schema';
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
import { errorMessage } from '../../../lib/http';
import { useCompanySigners } from '../api/company-signers';
import { useCreateContract } from '../api/create-contract';
import { useContractTemplates } from '../api/list-contract-templates';

type Person = { id: string; name: string; note?: string };
export type ContractProject = { id: string; title: string; client: Person; company_id?: string; team_lead: Person | null; members: Person[] };

/**
 * A new draft for one of the project's people, from a template of the matching kind. A client contract is signed
 * by a person of the client's company, the one who asked for the project unless staff name another (owners first).
 */
export function NewContractDialog({ project, onClose, onDone }: { project: ContractProject; onClose: () => void; onDone: () => void }) {
  const titleId = useId();
  const create = useCreateContract();
  const [kind, setKind] = useState<ContractKind>('client');
  const templates = useContractTemplates(kind);
  const [templateId, setTemplateId] = useState('');
  const team = [...(project.team_lead ? [project.team_lead] : []), ...project.members.filter((m) => m.id !== project.team_lead?.id)];
  const company = useCompanySigners(project.company_id, kind === 'client');
  const colleagues = (company.data ?? [])
    .filter((m) => m.id !== project.client.id)
    .map((m) => ({ id: m.id, name: m.name, note: COMPANY_ROLE_LABELS[m.company_role] }));
  const signers = kind === 'client' ? [project.client, ...colleagues] : team;
  const [signerId, setSignerId] = useState(project.client.id);
  const chosenTemplate = templateId || templates.data?.find((t) => t.is_default)?.id || '';

  function handleKind(next: ContractKind) {
    setKind(next);
    setTemplateId('');
    setSignerId(next === 'client' ? project.client.id : (team[0]?.id ?? ''));
  }

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="new-contract-dialog">
      <DialogTitle id={titleId}>New contract for “{project.title}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          <TextField select label="Kind" value={kind} onChange={(e) => handleKind(e.target.value as ContractKind)}>
            {CONTRACT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {CONTRACT_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Signer"
            value={signerId}
            onChange={(e) => setSignerId(e.target.value)}
            helperText={signers.length === 0 ? 'The project has no team yet' : undefined}
          >
            {signers.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
                {p.note ? ` (${p.note})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Template" value={chosenTemplate} onChange={(e) => setTemplateId(e.target.value)} disabled={templates.isPending}>
            {(templates.data ?? []).map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.title}
                {t.is_default ? ' (default)' : ''}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          loading={create.isPending}
          disabled={!signerId || !chosenTemplate}
          onClick={() => create.mutate({ project_id: project.id, kind, signer_id: signerId, template_id: chosenTemplate }, { onSuccess: onDone })}
        >
          Create draft
        </Button>
      </DialogActions>
    </Dialog>
  );
}
