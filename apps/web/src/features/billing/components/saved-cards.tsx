import type { SavedPaymentMethod } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { i18n } from '../../../i18n';
import { useBillingT } from '../i18n';
import { usePaymentMethods, useRemoveCard, useSetDefaultCard, useStartCardSetup } from '../api/payment-methods';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
export const cardLabel = (card: SavedPaymentMethod) => i18n.t('billing:cards.label', { brand: BRANDS[card.brand] ?? card.brand, last4: card.last4 });
const expiry = (card: SavedPaymentMethod) => `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;

/**
 * The company's saved cards and autopay: brand, last four and expiry only. Owners and billing people add a card (the
 * provider's page, then back here), remove one after a confirmation, and choose the one autopay charges; staff only look.
 */
export function SavedCards({ canManage, companyId }: { canManage: boolean; companyId?: string }) {
  const { t } = useBillingT();
  const cards = usePaymentMethods(companyId);
  const setup = useStartCardSetup();
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const [removingId, setRemovingId] = useState<string | null>(null);
  const removing = cards.data?.items.find((c) => c.id === removingId);

  return (
    <SectionCard
      title={t('cards.title')}
      subtitle={t('cards.subtitle')}
      data-testid="saved-cards"
      action={
        canManage ? (
          <Button
            variant="contained"
            onClick={() => setup.mutate(undefined, { onError: (e) => notify.error(errorMessage(e)) })}
            disabled={setup.isPending}
          >
            {t('cards.add')}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {cards.isPending ? (
          <ListLoading label={t('cards.loading')} />
        ) : cards.isError ? (
          <ListError message={errorMessage(cards.error)} onRetry={() => void cards.refetch()} />
        ) : (
          <Stack spacing={2}>
            {cards.data.autopay.paused && (
              <Alert severity="warning" data-testid="autopay-paused">
                {t('cards.paused', { reason: cards.data.autopay.reason })}
              </Alert>
            )}
            {cards.data.items.length === 0 ? (
              <Typography color="text.secondary" data-testid="no-cards">
                {canManage ? t('cards.noneManage') : t('cards.none')}
              </Typography>
            ) : (
              <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {cards.data.items.map((card) => (
                  <Box
                    component="li"
                    key={card.id}
                    data-testid="saved-card"
                    sx={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      alignItems: 'center',
                      gap: 1,
                      p: 1.5,
                      border: '1px solid',
                      borderColor: 'divider',
                      borderRadius: 1,
                    }}
                  >
                    <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{cardLabel(card)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('cards.expires', { date: expiry(card) })}
                      </Typography>
                    </Box>
                    {card.is_default && <Chip label={t('cards.default')} color="primary" size="small" />}
                    {canManage && !card.is_default && (
                      <Button
                        size="small"
                        onClick={() =>
                          setDefault.mutate(card.id, {
                            onSuccess: () => notify.success(t('cards.nowDefault', { card: cardLabel(card) })),
                            onError: (e) => notify.error(errorMessage(e)),
                          })
                        }
                        aria-label={t('cards.useForAutopay', { card: cardLabel(card) })}
                      >
                        {t('cards.makeDefault')}
                      </Button>
                    )}
                    {canManage && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemovingId(card.id)}
                        aria-label={t('cards.removeLabel', { card: cardLabel(card) })}
                      >
                        {t('cards.remove')}
                      </Button>
                    )}
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </Box>
      <ConfirmDialog
        open={removing !== undefined}
        title={t('cards.removeTitle')}
        confirmLabel={t('cards.removeConfirm')}
        isPending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemovingId(null);
              notify.success(t('cards.removed', { card: cardLabel(removing) }));
            },
            onError: (e) => notify.error(errorMessage(e)),
          })
        }
        onClose={() => setRemovingId(null)}
      >
        {removing && t(removing.is_default ? 'cards.removeDefaultText' : 'cards.removeText', { card: cardLabel(removing) })}
      </ConfirmDialog>
    </SectionCard>
  );
}
