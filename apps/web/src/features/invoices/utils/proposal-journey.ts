// The deposit a client went to pay on the way from a proposal (Proposal -> Contract -> Deposit -> Kickoff), kept for
// the tab: the provider returns to the payment pages, which then lead back onto the same path, not to a dashboard.
const KEY = 'proposalJourney';

export function rememberJourney(invoiceId: string, proposalId: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ invoiceId, proposalId }));
  } catch {
    // Storage may be off (private mode): the payment pages then link to the invoice as usual.
  }
}

/** The proposal whose path continues after paying this invoice, if the client came from one. */
export function journeyOf(invoiceId: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { invoiceId?: unknown; proposalId?: unknown } | null;
    return saved && saved.invoiceId === invoiceId && typeof saved.proposalId === 'string' ? saved.proposalId : null;
  } catch {
    return null;
  }
}
