import type { ContractKind } from '@agency/schema';

/**
 * The wording each kind starts with; created on first start (and again only if no default of a kind exists). A
 * clause that names a value the project may not have (company, description, budget, deadline, team lead) is a
 * section with wording for both cases, so no document reads "The Client's desired deadline is —.".
 */
export const DEFAULT_TEMPLATES: Record<ContractKind, { title: string; body: string }> = {
  client: {
    title: 'Project services agreement',
    body: `# Project services agreement

This agreement is made on {{today}} between **{{agency.name}}** ("the Agency"{{#agency.email}}; {{agency.email}}{{/agency.email}}{{#agency.phone}}; {{agency.phone}}{{/agency.phone}}) and **{{client.name}}**{{#client.company}} of {{client.company}}{{/client.company}} ("the Client").

## 1. The project

{{#project.description}}The Agency will deliver the project **{{project.title}}** as described by the Client and approved by the Agency:

> {{project.description}}
{{/project.description}}{{^project.description}}The Agency will deliver the project **{{project.title}}** as approved by the Agency.
{{/project.description}}

{{#project.team_lead}}The Agency's team lead for the project is {{project.team_lead}}.{{/project.team_lead}}{{^project.team_lead}}The Agency will name a team lead for the project before work starts.{{/project.team_lead}}

## 2. Fees and payment

{{#proposal.items}}The Client accepted the Agency's proposal for:

{{proposal.items}}

The accepted total is **{{proposal.total}}**.

{{/proposal.items}}1. {{#project.budget}}The agreed budget is **{{project.budget}}**, excluding VAT where it applies.{{/project.budget}}{{^project.budget}}The budget is agreed in writing before work starts, excluding VAT where it applies.{{/project.budget}}
2. {{#proposal.deposit}}A deposit of {{proposal.deposit}} is invoiced when this agreement is signed; work starts once it is paid.{{/proposal.deposit}}{{^proposal.deposit}}A deposit of 30% of the budget is invoiced when this agreement is signed; work starts once it is paid.{{/proposal.deposit}}
3. The balance is invoiced on delivery. Invoices are payable within 14 days of their date.

## 3. Timeline

{{#project.deadline}}The Client's desired deadline is **{{project.deadline}}**. The Agency will plan the work to meet it and will tell the Client promptly about anything that puts it at risk, including late feedback or content.{{/project.deadline}}{{^project.deadline}}The Client has not set a deadline. The Agency will agree a delivery date with the Client and will tell the Client promptly about anything that puts it at risk, including late feedback or content.{{/project.deadline}}

## 4. Changes

Work outside the description above is a change. The Agency will quote every change in writing before doing it; a change the Client accepts may move the deadline and the budget.

## 5. The Client's part

The Client provides content, access and feedback in good time, and names one person who can approve the work.

## 6. Intellectual property

Once every invoice for the project is paid, the Client owns the deliverables made for it. The Agency keeps its pre-existing tools and know-how, and may show the work in its portfolio unless the Client asks it not to.

## 7. Confidentiality

Each party keeps the other's confidential information confidential, during the project and afterwards.

## 8. Ending the agreement

Either party may end this agreement with 14 days' written notice. Work done up to the end date is paid for.

## 9. Electronic signature

The parties agree that signing this agreement electronically binds them as a handwritten signature would.

Signed for the Client by **{{signer.name}}**.
`,
  },
  team: {
    title: 'Project team engagement',
    body: `# Project team engagement

This engagement is made on {{today}} between **{{agency.name}}** ("the Agency") and **{{employee.name}}**{{#employee.email}} ({{employee.email}}){{/employee.email}}, who joins the project **{{project.title}}** as **{{employee.role}}**.

## 1. The role

You will deliver your part of the project under the direction of the team lead{{#project.team_lead}}, {{project.team_lead}}{{/project.team_lead}}, keep the project board up to date, and raise risks to {{#project.deadline}}the deadline of {{project.deadline}}{{/project.deadline}}{{^project.deadline}}the delivery date{{/project.deadline}} as soon as you see them.

## 2. Confidentiality

The project is delivered for the Agency's client, {{client.name}}{{#client.company}} ({{client.company}}){{/client.company}}. Everything you learn about the client, the project and the Agency's business stays confidential, during the project and afterwards. Do not copy client material to personal devices or accounts.

## 3. Intellectual property

Everything you create for the project belongs to the Agency, which passes it on to the client under its agreement with them.

## 4. Working practices

1. Use the Agency's tools and accounts for project work.
2. Follow the training materials that apply to your role.
3. Tell the team lead about any conflict of interest.

## 5. Term

This engagement lasts until the project is completed or cancelled, or until the Agency takes you off the project.

## 6. Electronic signature

Signing this engagement electronically binds you as a handwritten signature would.

Signed by **{{signer.name}}**.
`,
  },
};
