import { describe, expect, it } from 'vitest';
import { canChangeContractStatus, CONTRACT_TEMPLATE_VARIABLES, templateVariablesFor } from './contract-status.js';
import { MAX_SIGNATURE_DATA_URL_LENGTH, signContractInput } from './contracts.js';
import { acceptProposalInput } from './proposals.js';

describe('contract transitions', () => {
  it('staff send and void; the signer signs; the scheduler expires', () => {
    const signer = { isSigner: true };
    const other = { isSigner: false };
    expect(canChangeContractStatus('admin', 'draft', 'sent', other)).toBe(true);
    expect(canChangeContractStatus('client', 'draft', 'sent', signer)).toBe(false);
    expect(canChangeContractStatus('client', 'sent', 'signed', signer)).toBe(true);
    expect(canChangeContractStatus('client', 'draft', 'signed', signer)).toBe(false);
    expect(canChangeContractStatus('superadmin', 'sent', 'signed', other)).toBe(false);
    expect(canChangeContractStatus('superadmin', 'sent', 'void', other)).toBe(true);
    expect(canChangeContractStatus('superadmin', 'signed', 'void', other)).toBe(false);
    expect(canChangeContractStatus('system', 'sent', 'expired', other)).toBe(true);
    expect(canChangeContractStatus('system', 'sent', 'signed', signer)).toBe(false);
    expect(canChangeContractStatus('admin', 'sent', 'expired', other)).toBe(false);
  });

  it('team templates offer the employee variables, client templates do not', () => {
    expect(templateVariablesFor('team')).toContain('employee.name');
    expect(templateVariablesFor('team')).not.toContain('project.budget');
    expect(templateVariablesFor('client')).not.toContain('employee.name');
    expect(templateVariablesFor('client')).toEqual(
      expect.arrayContaining(['client.name', 'client.company', 'project.title', 'project.budget', 'project.deadline', 'agency.name', 'today']),
    );
    expect(new Set(CONTRACT_TEMPLATE_VARIABLES.map((v) => v.name)).size).toBe(CONTRACT_TEMPLATE_VARIABLES.length);
  });

  it('signing needs a typed name and explicit consent', () => {
    expect(signContractInput.safeParse({ signature_name: 'Ada Lovelace', agree: true }).success).toBe(true);
    expect(signContractInput.safeParse({ signature_name: 'Ada Lovelace' }).success).toBe(false);
    expect(signContractInput.safeParse({ signature_name: 'Ada Lovelace', agree: 'yes' }).success).toBe(false);
    expect(signContractInput.safeParse({ signature_name: ' ', agree: true }).success).toBe(false);
    expect(signContractInput.safeParse({ signature_name: 'Ada', agree: true, signature_image: 'data:image/gif;base64,AAAA' }).success).toBe(false);
  });

  it('a contract signature and a proposal acceptance check the same fields, each message naming its own verb', () => {
    const messages = (schema: typeof signContractInput | typeof acceptProposalInput, input: unknown) =>
      schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    const tooLong = `data:image/png;base64,${'A'.repeat(MAX_SIGNATURE_DATA_URL_LENGTH)}`;
    expect(messages(signContractInput, { signature_name: ' A ', signature_image: tooLong })).toEqual([
      'signature_name: Type your full name to sign',
      'signature_image: The drawn signature must be at most 200 KB',
      'agree: You must agree to sign electronically',
    ]);
    expect(messages(acceptProposalInput, { signature_name: ' A ', signature_image: tooLong })).toEqual([
      'signature_name: Type your full name to accept',
      'signature_image: The drawn signature must be at most 200 KB',
      'agree: You must agree to accept electronically',
    ]);
    expect(messages(acceptProposalInput, { signature_name: 'x'.repeat(121), agree: true, signature_image: 'data:image/gif;base64,AA' })).toEqual([
      'signature_name: Name must be at most 120 characters',
      'signature_image: The drawn signature must be a PNG image',
    ]);
    expect(acceptProposalInput.parse({ signature_name: '  Ada Lovelace ', agree: true })).toEqual({ signature_name: 'Ada Lovelace', agree: true });
  });
});
