import type { AppContext } from '../../context.js';
import type { ContractService } from '../contracts/service.js';
import type { NotificationService } from '../notifications/service.js';

/** What the proposal actions are built with: the app's context, the notifications, and the contracts acceptance sends. */
export type ProposalDeps = { ctx: AppContext; notifications: NotificationService; contracts: ContractService };
