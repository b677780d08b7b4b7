import type { ContractListItem } from '@agency/schema';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';
import { useContractsT } from '../i18n';

/** The dates that matter for a contract, as label/value pairs. */
export function ContractMeta({ contract }: { contract: ContractListItem }) {
  const { t } = useContractsT();
  const rows: [string, string | null][] = [
    [t('meta.signer'), `${contract.signer.name}`],
    [t('meta.project'), contract.project_title],
    [t('meta.sent'), contract.sent_at ? formatDateTime(contract.sent_at) : null],
    [t('meta.opened'), contract.viewed_at ? formatDateTime(contract.viewed_at) : null],
    [t('meta.signed'), contract.signed_at ? formatDateTime(contract.signed_at) : null],
    [t('meta.expires'), contract.expires_at && contract.status === 'sent' ? formatDateTime(contract.expires_at) : null],
    [
      t('meta.voided'),
      contract.voided_at ? `${formatDateTime(contract.voided_at)}${contract.void_reason ? ` — ${contract.void_reason}` : ''}` : null,
    ],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
