import Chip from '@mui/material/Chip';
import { COMPANY_ROLE_LABELS, type CompanyRole } from '@agency/schema';

const COLORS = { owner: 'primary', billing: 'secondary', member: 'default' } as const;

export function CompanyRoleChip({ role }: { role: CompanyRole }) {
  return <Chip size="small" variant="outlined" color={COLORS[role]} label={COMPANY_ROLE_LABELS[role]} data-testid="company-role" />;
}
