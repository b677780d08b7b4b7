import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import {
  assertKnownVariables,
  escapeMarkdown,
  findVariables,
  formatLongDate,
  formatMoney,
  markdownToHtml,
  renderDocument,
  substituteVariables,
  unknownVariables,
} from './template-render.js';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('template variables', () => {
  it('finds each variable once, spaces inside the braces allowed', () => {
    expect(findVariables('{{client.name}} and {{ client.name }} for {{project.title}}; {{ today }}')).toEqual([
      'client.name',
      'project.title',
      'today',
    ]);
    expect(findVariables('no variables, {single} braces, {{}} empty')).toEqual(['']);
  });

  it('knows which kind offers which variable', () => {
    expect(unknownVariables('client', '{{client.name}} {{employee.name}} {{nope}}')).toEqual(['employee.name', 'nope']);
    expect(unknownVariables('team', '{{client.name}} {{employee.name}} {{employee.role}}')).toEqual([]);
  });

  it('refuses unknown variables with UNKNOWN_TEMPLATE_VARIABLE naming them', () => {
    const one = errorOf(() => assertKnownVariables('client', 'Hello {{client.nmae}}'));
    expect(one.code).toBe('UNKNOWN_TEMPLATE_VARIABLE');
    expect(one.status).toBe(400);
    expect(one.message).toBe('Unknown template variable: {{client.nmae}}');
    expect(errorOf(() => assertKnownVariables('team', '{{a}} {{b}}')).message).toBe('Unknown template variables: {{a}}, {{b}}');
    expect(errorOf(() => assertKnownVariables('client', '{{employee.name}}')).message).toBe('{{employee.name}} is not available in client contracts');
    expect(() => assertKnownVariables('client', 'Plain text with {{client.name}}')).not.toThrow();
  });

  it('puts values in as literal text: Markdown and HTML in a value do nothing', () => {
    const md = substituteVariables('Client: {{client.name}}', { 'client.name': '*Ada* <b>[x](http://evil)</b>' });
    expect(markdownToHtml(md)).toBe('<p>Client: *Ada* &lt;b&gt;[x](http://evil)&lt;/b&gt;</p>');
    expect(escapeMarkdown('line one\n\n# two')).toBe('line one \\# two');
  });

  it('shows an empty or missing value as a dash', () => {
    expect(substituteVariables('{{client.company}} / {{project.budget}}', { 'client.company': '  ', 'project.budget': null })).toBe('— / —');
  });

  it('renders Markdown to safe HTML: scripts, handlers and javascript links removed', () => {
    const html = markdownToHtml(
      '# Title\n\n**bold** <script>alert(1)</script> <img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](https://example.com)',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/script|onerror|<img|javascript:/);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">b</a>');
  });

  it('renders a whole document for its kind, or refuses it', () => {
    const doc = renderDocument('team', 'Welcome **{{employee.name}}** ({{employee.role}})', { 'employee.name': 'Sam', 'employee.role': 'Team lead' });
    expect(doc).toEqual({ markdown: 'Welcome **Sam** (Team lead)', html: '<p>Welcome <strong>Sam</strong> (Team lead)</p>' });
    expect(() => renderDocument('client', 'Welcome {{employee.name}}', {})).toThrow(AppError);
  });

  it('formats money from minor units in its own decimals, and dates and moments in the one date format', () => {
    expect(formatMoney(250000, 'GBP')).toBe('£2,500.00');
    expect(formatMoney(99, 'EUR')).toBe('€0.99');
    expect(formatMoney(250000, 'JPY')).toBe('JP¥250,000');
    expect(formatMoney(1250, 'KWD')).toBe('KWD\u00a01.250');
    expect(formatMoney(null, 'GBP')).toBeNull();
    expect(formatLongDate('2027-03-01')).toBe('01 Mar 2027');
    expect(formatLongDate(new Date('2026-12-31T23:30:00Z'))).toBe('31 Dec 2026');
    expect(formatLongDate('2026-09-15')).toBe('15 Sep 2026');
    expect(formatLongDate('not a date')).toBeNull();
  });
});
