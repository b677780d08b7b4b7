import type { AppContext } from '../../context.js';
import type { NotificationService } from '../notifications/service.js';
import { countContracts } from './actions/count-contracts.js';
import { createContract } from './actions/create-contract.js';
import { expireContract } from './actions/expire-contract.js';
import { findDueContractWork } from './actions/find-due-contract-work.js';
import { generateProjectContracts } from './actions/generate-project-contracts.js';
import { getContractPdf } from './actions/get-contract-pdf.js';
import { getContract } from './actions/get-contract.js';
import { listContractEvents } from './actions/list-contract-events.js';
import { listContracts } from './actions/list-contracts.js';
import { markContractViewed } from './actions/mark-contract-viewed.js';
import { remindSigner } from './actions/remind-signer.js';
import { sendContract } from './actions/send-contract.js';
import { sendDueReminder } from './actions/send-due-reminder.js';
import { signContract } from './actions/sign-contract.js';
import { updateContract } from './actions/update-contract.js';
import { voidContract } from './actions/void-contract.js';
import type { ContractDeps } from './deps.js';
import { createContractTemplateService } from './template-service.js';
import { previewValues } from './variables.js';

/** Contracts: one action per file under actions/, composed here into the service the routes and jobs use. */
export function createContractService(ctx: AppContext, notifications: NotificationService) {
  const templates = createContractTemplateService(ctx, (kind, projectId, actor) => previewValues(ctx, kind, projectId, actor));
  const deps: ContractDeps = { ctx, notifications, templates };
  return {
    templates,
    list: listContracts(deps),
    counts: countContracts(deps),
    get: getContract(deps),
    create: createContract(deps),
    update: updateContract(deps),
    send: sendContract(deps),
    void: voidContract(deps),
    remind: remindSigner(deps),
    markViewed: markContractViewed(deps),
    sign: signContract(deps),
    audit: listContractEvents(deps),
    pdf: getContractPdf(deps),
    generateForProject: generateProjectContracts(deps),
    due: findDueContractWork(deps),
    sendDueReminder: sendDueReminder(deps),
    expire: expireContract(deps),
  };
}

export type ContractService = ReturnType<typeof createContractService>;
