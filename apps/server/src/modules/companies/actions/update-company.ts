import type { UpdateCompanyData } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { recordAudit } from '../../../core/audit.js';
import { assertCan, companyOf } from '../../../core/policy.js';
import { clientCompanies } from '../../../db/schema.js';
import type { CompanyDeps } from '../deps.js';
import { ownCompany } from '../helpers.js';
import { loadCompany, presentCompany, type CompanyRow } from '../queries.js';

function detailsOf(row: CompanyRow) {
  return { name: row.name, billing_address: row.billingAddress, country: row.country, tax_number: row.taxNumber, billing_email: row.billingEmail };
}

/** The owners change the company's name and billing details; a field left out stays, `null` clears it. */
export function updateCompany({ ctx }: CompanyDeps) {
  return async (actor: Actor, input: UpdateCompanyData) => {
    assertCan(actor, 'company:manage', ownCompany(actor));
    const companyId = companyOf(actor);
    const row = await ctx.transaction(async (tx) => {
      const before = await loadCompany(tx, companyId);
      const [updated] = await tx
        .update(clientCompanies)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.billing_address !== undefined ? { billingAddress: input.billing_address } : {}),
          ...(input.country !== undefined ? { country: input.country } : {}),
          ...(input.tax_number !== undefined ? { taxNumber: input.tax_number } : {}),
          ...(input.billing_email !== undefined ? { billingEmail: input.billing_email } : {}),
          updatedAt: ctx.now(),
        })
        .where(eq(clientCompanies.id, companyId))
        .returning();
      await recordAudit(
        tx,
        actor,
        'company.updated',
        { type: 'company', id: companyId, before: detailsOf(before), after: detailsOf(updated) },
        ctx.now(),
      );
      return updated;
    });
    return presentCompany(row);
  };
}
