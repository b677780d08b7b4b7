import Chip from '@mui/material/Chip';
import type { CompanyRole } from '@agency/schema';
import { useCommonT } from '../../../i18n';

const COLORS = { owner: 'primary', billing: 'secondary', member: 'default' } as const;

export function CompanyRoleChip({ role }: { role: CompanyRole }) {
  const { t } = useCommonT();
  return <Chip size="small" variant="outlined" color={COLORS[role]} label={t(`companyRoles.${role}`)} data-testid="company-role" />;
}
