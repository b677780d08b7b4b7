import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_KINDS, templateVariablesFor, type ContractKind } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import { buildContractPdf } from './contract-pdf.js';
import { DEFAULT_TEMPLATES } from './default-templates.js';
import { assertKnownVariables, renderDocument, substituteVariables, unbalancedSection, type VariableValues } from './template-render.js';

/** Every value a contract can be given, as a real project has them. */
const FULL: VariableValues = {
  today: '05 Jun 2026',
  'agency.name': 'Brightline Studio',
  'agency.email': 'hello@brightline.test',
  'agency.phone': '+44 20 7946 0000',
  'client.name': 'Clara Client',
  'client.company': 'Morgan & Co Ltd',
  'client.email': 'clara@example.test',
  'project.title': 'Company website',
  'project.description': 'A five-page marketing site with a blog.',
  'project.budget': '£2,500.00',
  'project.deadline': '01 Mar 2027',
  'project.team_lead': 'Tara Lead',
  'signer.name': 'Clara Client',
  'employee.name': 'Milo Member',
  'employee.email': 'milo@brightline.test',
  'employee.role': 'Team member',
};
/** The values a project or an agency may lack: a client without a company, a project without a budget or deadline… */
const OPTIONAL = [
  'agency.email',
  'agency.phone',
  'client.company',
  'project.description',
  'project.budget',
  'project.deadline',
  'project.team_lead',
  'employee.email',
];
const EMPTY: VariableValues = { ...FULL, ...Object.fromEntries(OPTIONAL.map((name) => [name, null])) };

/** The text a reader sees: the HTML without its tags and entities, one line per block. */
function visibleText(html: string): string {
  return html
    .replace(/<\/(p|h\d|li|blockquote)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** What reads wrong in a rendered contract: a dash for a missing value, empty brackets, stray or missing spaces. */
function flaws(text: string): string[] {
  const checks: [RegExp, string][] = [
    [/—/, 'a dash for a missing value'],
    [/\{\{|\}\}/, 'a placeholder left in'],
    [/\(\s*\)|\(\s*[,;]|[,;]\s*\)/, 'empty or broken brackets'],
    [/[^\n ] {2,}\S/, 'a doubled space'],
    [/ [.,;:)]/, 'a space before punctuation'],
    [/[a-z]{2}[.,;:][A-Z]/, 'a missing space after a sentence'],
    [/\b(of|is|by|the|and) [.,;)]/, 'a sentence missing its value'],
  ];
  return checks.filter(([pattern]) => pattern.test(text)).map(([pattern, what]) => `${what}: ${text.match(pattern)![0]}`);
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contract-text-')), 'contract.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('the default templates', () => {
  const cases = CONTRACT_KINDS.flatMap((kind) => [
    [kind, 'every value given', FULL],
    [kind, 'every optional value missing', EMPTY],
  ]) as [ContractKind, string, VariableValues][];

  it.each(cases)('a %s contract reads right with %s', (kind, _label, values) => {
    const { title, body } = DEFAULT_TEMPLATES[kind];
    expect(() => assertKnownVariables(kind, body)).not.toThrow();
    const text = visibleText(renderDocument(kind, body, values).html);
    expect(flaws(text)).toEqual([]);
    // Every value given is in the text; every missing one left no trace.
    for (const name of templateVariablesFor(kind).filter((n) => body.includes(`{{${n}}}`))) {
      const value = values[name];
      if (value) expect(text).toContain(value);
    }
    expect(text).toContain(title);
  });

  it('say what happens without a deadline, a budget, a description or a team lead', () => {
    const client = visibleText(renderDocument('client', DEFAULT_TEMPLATES.client.body, EMPTY).html);
    expect(client).toContain('The Client has not set a deadline. The Agency will agree a delivery date with the Client');
    expect(client).toContain('The budget is agreed in writing before work starts, excluding VAT where it applies.');
    expect(client).toContain('The Agency will deliver the project Company website as approved by the Agency.');
    expect(client).toContain('The Agency will name a team lead for the project before work starts.');
    expect(client).toContain('and Clara Client ("the Client")');
    expect(client).toContain('between Brightline Studio ("the Agency") and');
    const team = visibleText(renderDocument('team', DEFAULT_TEMPLATES.team.body, EMPTY).html);
    expect(team).toContain('under the direction of the team lead, keep the project board up to date, and raise risks to the delivery date as');
    expect(team).toContain("The project is delivered for the Agency's client, Clara Client. Everything");
    const full = visibleText(renderDocument('team', DEFAULT_TEMPLATES.team.body, FULL).html);
    expect(full).toContain(
      'under the direction of the team lead, Tara Lead, keep the project board up to date, and raise risks to the deadline of 01 Mar 2027 as',
    );
  });

  it.each(cases)('a %s contract PDF reads right with %s', async (kind, _label, values) => {
    const { title, body } = DEFAULT_TEMPLATES[kind];
    const markdown = renderDocument(kind, body, values).markdown;
    const doc = await buildContractPdf({
      contractId: 7,
      title,
      projectTitle: 'Company website',
      agencyName: 'Brightline Studio',
      kindLabel: kind === 'client' ? 'Client agreement' : 'Team engagement',
      signerName: 'Clara Client',
      documentSha256: null,
      markdown,
    });
    // pdftotext ends each line of a wrapped paragraph with a newline: joined back, the text must read as the HTML does.
    const text = pdfText(await doc.save()).replace(/\n(?=\S)/g, ' ');
    expect(flaws(text.replace(/\n+/g, '\n'))).toEqual([]);
    if (kind === 'client' && values['project.budget']) expect(text).toContain('excluding VAT where it applies');
  });
});

describe('sections', () => {
  it('keep a clause when its value is there and its other wording when it is not', () => {
    const text = '{{#project.deadline}}Due {{project.deadline}}.{{/project.deadline}}{{^project.deadline}}No deadline.{{/project.deadline}}';
    expect(substituteVariables(text, { 'project.deadline': '01 Mar 2027' })).toBe('Due 01 Mar 2027.');
    expect(substituteVariables(text, { 'project.deadline': '  ' })).toBe('No deadline.');
    expect(substituteVariables(text, {})).toBe('No deadline.');
  });

  it('nest, and a value outside any section still reads as a dash when missing', () => {
    const text =
      '{{#client.name}}For {{client.name}}{{#client.company}} of {{client.company}}{{/client.company}}.{{/client.name}} Lead: {{project.team_lead}}';
    expect(substituteVariables(text, { 'client.name': 'Ana', 'client.company': null })).toBe('For Ana. Lead: —');
    expect(substituteVariables(text, { 'client.name': 'Ana', 'client.company': 'Acme' })).toBe('For Ana of Acme. Lead: —');
  });

  it('must be closed: a template with a section left open is refused, naming it', () => {
    expect(unbalancedSection('{{#client.company}}of {{client.company}}')).toBe('{{#client.company}}');
    expect(unbalancedSection('of {{client.company}}{{/client.company}}')).toBe('{{/client.company}}');
    expect(unbalancedSection('{{#a}}{{^b}}{{/a}}{{/b}}')).toBe('{{/a}}');
    expect(() => assertKnownVariables('client', '{{#client.company}}of {{client.company}}')).toThrow(
      /\{\{#client\.company\}\} has no matching section tag/,
    );
    expect(() => assertKnownVariables('team', '{{#project.budget}}x{{/project.budget}}')).toThrow(/not available in team contracts/);
  });
});
