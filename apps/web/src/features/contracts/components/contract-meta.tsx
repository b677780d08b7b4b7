import type { ContractListItem } from '@agency/schema';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';

/** The dates that matter for a contract, as label/value pairs. */
export function ContractMeta({ contract }: { contract: ContractListItem }) {
  const rows: [string, string | null][] = [
    ['Signer', `${contract.signer.name}`],
    ['Project', contract.project_title],
    ['Sent', contract.sent_at ? formatDateTime(contract.sent_at) : null],
    ['Opened', contract.viewed_at ? formatDateTime(contract.viewed_at) : null],
    ['Signed', contract.signed_at ? formatDateTime(contract.signed_at) : null],
    ['Expires', contract.expires_at && contract.status === 'sent' ? formatDateTime(contract.expires_at) : null],
    ['Voided', contract.voided_at ? `${formatDateTime(contract.voided_at)}${contract.void_reason ? ` — ${contract.void_reason}` : ''}` : null],
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
