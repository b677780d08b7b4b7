import { depositAmount, type ContractKind } from '@agency/schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clientCompanies, projects, proposals, users } from '../../db/schema.js';
import { firstOwnerOf } from '../companies/queries.js';
import { contractItemLines } from '../proposals/document.js';
import { formatLongDate, formatMoney, type VariableValues } from './template-render.js';

type Parties = { projectId: number; signerId: number; kind: ContractKind };

/** The values a contract's variables take: its project, client and signer, the agency, and the day it is sent. */
export async function valuesFor(ctx: AppContext, db: DbOrTx, parties: Parties, today: Date): Promise<VariableValues> {
  const [project] = await db.select().from(projects).where(eq(projects.id, parties.projectId)).limit(1);
  const [company] = await db.select({ name: clientCompanies.name }).from(clientCompanies).where(eq(clientCompanies.id, project.companyId)).limit(1);
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [project.clientId, parties.signerId, ...(project.teamLeadId ? [project.teamLeadId] : [])]));
  const person = (id: number | null) => people.find((p) => p.id === id) ?? null;
  const clientUser = person(project.clientId);
  const signerUser = person(parties.signerId);
  return {
    ...agencyValues(ctx, today),
    'client.name': clientUser?.name ?? null,
    'client.company': company?.name ?? null,
    'client.email': clientUser?.email ?? null,
    'project.title': project.title,
    'project.description': project.description,
    'project.budget': formatMoney(project.budgetMinor, project.currency),
    'project.deadline': formatLongDate(project.deadline),
    'project.team_lead': person(project.teamLeadId)?.name ?? null,
    'signer.name': signerUser?.name ?? null,
    ...(parties.kind === 'client' ? await proposalValues(db, parties.projectId) : {}),
    ...(parties.kind === 'team'
      ? {
          'employee.name': signerUser?.name ?? null,
          'employee.email': signerUser?.email ?? null,
          'employee.role': project.teamLeadId === parties.signerId ? 'Team lead' : 'Team member',
        }
      : {}),
  };
}

/** The project's accepted proposal: its counted items, one line each, and its accepted total; empty until one is accepted. */
async function proposalValues(db: DbOrTx, projectId: number): Promise<VariableValues> {
  const [accepted] = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.projectId, projectId), eq(proposals.status, 'accepted')))
    .orderBy(desc(proposals.id))
    .limit(1);
  if (!accepted) return { 'proposal.items': null, 'proposal.total': null, 'proposal.deposit': null };
  const total = accepted.acceptedTotal ?? 0;
  const deposit = formatMoney(depositAmount(total, accepted.depositPercent, accepted.currency), accepted.currency);
  return {
    'proposal.items': contractItemLines(accepted),
    'proposal.total': formatMoney(total, accepted.currency),
    'proposal.deposit': `${accepted.depositPercent}% of the accepted total (${deposit})`,
  };
}

function agencyValues(ctx: AppContext, today: Date): VariableValues {
  return {
    'agency.name': ctx.brand.current().agencyName,
    'agency.email': ctx.brand.current().contactEmail,
    'agency.phone': ctx.brand.current().contactPhone,
    today: formatLongDate(today),
  };
}

/** Values for the template editor's preview: a real project's when one is named, otherwise samples. */
export async function previewValues(ctx: AppContext, kind: ContractKind, projectId: number | undefined, actor: Actor): Promise<VariableValues> {
  const today = ctx.now();
  if (projectId !== undefined) {
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) throw new AppError('NOT_FOUND', 'Project not found');
    const signerId =
      kind === 'client' ? ((await firstOwnerOf(ctx.db, project.companyId)) ?? project.clientId) : (project.teamLeadId ?? project.clientId);
    return valuesFor(ctx, ctx.db, { projectId, signerId, kind }, today);
  }
  const sample: VariableValues = {
    ...agencyValues(ctx, today),
    'client.name': 'Alex Morgan',
    'client.company': 'Morgan & Co Ltd',
    'client.email': 'alex@morgan.example',
    'project.title': 'Website redesign',
    'project.description': 'A five-page marketing site with a blog and a contact form.',
    'project.budget': formatMoney(1_200_000, 'GBP'),
    'project.deadline': formatLongDate(new Date(today.getTime() + 60 * 86_400_000)),
    'project.team_lead': 'Sam Taylor',
    'signer.name': kind === 'client' ? 'Alex Morgan' : actor.name,
    ...(kind === 'client'
      ? {
          'proposal.items': ['Design and build: 1 x £10,000.00 = £10,000.00', 'Hosting, first year: 12 x £100.00 = £1,200.00'],
          'proposal.total': formatMoney(1_120_000, 'GBP'),
          'proposal.deposit': `30% of the accepted total (${formatMoney(336_000, 'GBP')})`,
        }
      : {}),
  };
  return kind === 'team'
    ? { ...sample, 'employee.name': 'Jordan Lee', 'employee.email': 'jordan@agency.example', 'employee.role': 'Team member' }
    : sample;
}
