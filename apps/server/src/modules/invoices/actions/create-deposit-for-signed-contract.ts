import type { InvoiceDeps } from '../deps.js';
import { raiseDeposit } from '../deposit.js';

/** From a signed client contract: the deposit invoice, once per project however often this runs. */
export function createDepositForSignedContract(deps: InvoiceDeps) {
  return (projectId: number) => raiseDeposit(deps, projectId, null);
}
