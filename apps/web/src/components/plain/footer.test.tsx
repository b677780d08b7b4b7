import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './footer';

describe('the public footer', () => {
  it("shows the agency's logo and its own links", () => {
    render(
      <SiteFooter
        brandName="Acme Works"
        contactPhone="+44 1632 960000"
        contactEmail="hi@acme.example"
        logoSrc="/api/brand/logo?v=abc"
        links={[
          { label: 'Privacy', url: 'https://acme.example/privacy' },
          { label: 'Terms', url: 'https://acme.example/terms' },
        ]}
      />,
    );
    const footer = screen.getByTestId('site-footer');
    expect(footer.querySelector('img')).toHaveAttribute('src', '/api/brand/logo?v=abc');
    const links = within(screen.getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Privacy', 'https://acme.example/privacy'],
      ['Terms', 'https://acme.example/terms'],
    ]);
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent('© 2023 Acme Works. All rights reserved.');
  });

  it('has no links list when the agency set none', () => {
    render(<SiteFooter brandName="Acme Works" contactPhone={undefined} contactEmail={undefined} />);
    expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
  });
});
