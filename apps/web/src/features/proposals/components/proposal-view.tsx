import { computeInvoiceTotals, computeProposalTotals, isItemCounted, type Currency } from '@agency/schema';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { Markdown } from '../../../components/markdown';
import { formatDate, formatMoney } from '../../../lib/format';

export type ProposalContent = {
  title: string;
  intro_markdown: string;
  sections: readonly { title: string; body_markdown: string }[];
  items: readonly {
    id?: string;
    description: string;
    quantity: number;
    unit_price: number;
    tax_rate: number;
    optional: boolean;
    selected: boolean;
  }[];
  currency: Currency;
  valid_until: string;
  deposit_percent: number;
};

type ProposalViewProps = {
  proposal: ProposalContent;
  /** Given while the client may still tick options: called with the ids of the optional items to include. */
  onSelect?: (itemIds: string[]) => void;
  isSelecting?: boolean;
};

/**
 * A proposal as the client reads it, on a phone first: the introduction and sections (Markdown), the items with the
 * optional ones to tick, and the totals for the current selection (the server's totals function, so they match).
 */
export function ProposalView({ proposal, onSelect, isSelecting = false }: ProposalViewProps) {
  const totals = computeProposalTotals(proposal.items, proposal.deposit_percent, proposal.currency);
  const amounts = computeInvoiceTotals(proposal.items, 0).lines.map((line) => line.amount);
  const money = (minor: number) => formatMoney(minor, proposal.currency);
  const ticked = proposal.items.filter((i) => i.optional && i.selected && i.id).map((i) => i.id as string);

  function handleToggle(id: string, checked: boolean) {
    onSelect?.(checked ? [...ticked, id] : ticked.filter((x) => x !== id));
  }

  return (
    <Stack spacing={2.5} data-testid="proposal-view">
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {proposal.title}
      </Typography>
      {proposal.intro_markdown.trim() && <Markdown source={proposal.intro_markdown} />}
      {proposal.sections.map((section, i) => (
        <Box key={`${section.title}-${i}`} component="section" aria-label={section.title}>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
            {section.title}
          </Typography>
          <Markdown source={section.body_markdown} />
        </Box>
      ))}
      <Box component="section" aria-label="Items">
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Price
        </Typography>
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {proposal.items.map((item, i) => {
            const counted = isItemCounted(item);
            const amount = amounts[i];
            return (
              <Box
                component="li"
                key={item.id ?? i}
                data-testid="proposal-item"
                data-optional={item.optional}
                data-selected={counted}
                sx={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  gap: 1,
                  py: 1,
                  color: counted ? 'text.primary' : 'text.secondary',
                  '& + &': { borderTop: '1px solid', borderColor: 'divider' },
                }}
              >
                {item.optional && (
                  // A plain box: the kit's checkbox would add its form-control machinery to every screen's first load.
                  <Box
                    component="input"
                    type="checkbox"
                    checked={item.selected}
                    disabled={!onSelect || isSelecting || !item.id}
                    onChange={(event: ChangeEvent<HTMLInputElement>) => item.id && handleToggle(item.id, event.target.checked)}
                    aria-label={`Include ${item.description}`}
                    data-testid="proposal-option"
                    sx={{ width: 22, height: 22, mt: 0.25, flexShrink: 0, accentColor: (theme) => theme.palette.primary.main, cursor: 'pointer' }}
                  />
                )}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                    {item.description}
                    {item.optional && (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {' '}
                        (optional)
                      </Typography>
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {item.quantity} x {money(item.unit_price)}
                    {item.tax_rate ? ` + ${item.tax_rate}% tax` : ''}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(amount)}</Typography>
              </Box>
            );
          })}
        </Stack>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, mt: 2, mb: 0 }}
          data-testid="proposal-totals"
        >
          {(
            [
              ['Subtotal', money(totals.subtotal), false],
              ['Tax', money(totals.tax_total), false],
              ['Total', money(totals.total), true],
              [`Deposit (${proposal.deposit_percent}%) on signing`, money(totals.deposit_amount), false],
            ] as const
          ).map(([label, value, strong]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
                {label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 400 }}
                data-testid={strong ? 'proposal-total' : undefined}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Valid until {formatDate(proposal.valid_until)}.
        </Typography>
      </Box>
    </Stack>
  );
}
