import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

describe('the path to return to after login', () => {
  it('accepts a path of this site', () => {
    expect(safeReturnPath('/go/project/12')).toBe('/go/project/12');
    expect(safeReturnPath('/view-project?id=3')).toBe('/view-project?id=3');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything a browser would read as another site, or not as a path', () => {
    for (const value of [
      '//evil.example/go',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'go/project/12',
      '/\t/evil.example',
      '/go/project/1\n2',
      ' /go',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('builds the login link with the path in its query, or the plain login page for an unsafe one', () => {
    expect(loginPathReturningTo('/go/project/12')).toBe('/loginpage?next=%2Fgo%2Fproject%2F12');
    expect(loginPathReturningTo('//evil.example')).toBe('/loginpage');
  });
});
