import { computeInvoiceTotals, computeProposalTotals, isItemCounted, type Currency } from '@agency/schema';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { Markdown } from '../../../components/markdown';
import { formatDate, formatMoney } from '../../../lib/format';
import { useProposalsT } from '../i18n';

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
  const { t } = useProposalsT();
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
      <Box component="section" aria-label={t('view.items')}>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('view.price')}
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
                    aria-label={t('view.include', { description: item.description })}
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
                        {t('view.optional')}
                      </Typography>
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {item.tax_rate
                      ? t('view.quantityPriceTax', { quantity: item.quantity, price: money(item.unit_price), rate: item.tax_rate })
                      : t('view.quantityPrice', { quantity: item.quantity, price: money(item.unit_price) })}
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
              [t('view.subtotal'), money(totals.subtotal), false],
              [t('view.tax'), money(totals.tax_total), false],
              [t('view.total'), money(totals.total), true],
              [t('view.deposit', { percent: proposal.deposit_percent }), money(totals.deposit_amount), false],
            ] as const
          ).map(([label, value, strong]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
                {label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, textAlign: 'end', fontWeight: strong ? 700 : 400 }}
                data-testid={strong ? 'proposal-total' : undefined}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('view.validUntil', { date: formatDate(proposal.valid_until) })}
        </Typography>
      </Box>
    </Stack>
  );
}
