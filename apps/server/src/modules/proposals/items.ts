import type { ProposalItemInput } from '@agency/schema';
import type { StoredProposalItem } from '../../db/schema.js';

/** Item ids: kept when given (unique), otherwise numbered; an item is ticked unless it is optional and unticked. */
export function storedItems(items: readonly ProposalItemInput[]): StoredProposalItem[] {
  const taken = new Set(items.map((i) => i.id).filter(Boolean));
  let n = 0;
  return items.map((item) => {
    let id = item.id;
    while (!id) {
      n += 1;
      const candidate = `item-${n}`;
      if (!taken.has(candidate)) id = candidate;
    }
    taken.add(id);
    const optional = item.optional ?? false;
    return {
      id,
      description: item.description.trim(),
      quantity: item.quantity,
      unit_price: item.unit_price,
      tax_rate: item.tax_rate ?? 0,
      optional,
      selected: optional ? (item.selected ?? true) : true,
    };
  });
}
