import { ThemeProvider, createTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TextLink } from './text-link';

// A theme of the test's own, with a primary colour the kit's default does not have.
const theme = createTheme({ palette: { primary: { main: '#4338ca' } } });

describe('a text link', () => {
  it('is a link to its screen, underlined in the theme’s primary colour, and opens the screen without a page load', async () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<TextLink to="/projects/42">Clinic website</TextLink>} />
            <Route path="/projects/42" element={<p>Project 42</p>} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>,
    );
    const link = screen.getByRole('link', { name: 'Clinic website' });
    expect(link.getAttribute('href')).toBe('/projects/42');
    const style = getComputedStyle(link);
    expect(style.textDecoration).toContain('underline');
    expect(style.color).toBe('rgb(67, 56, 202)');
    await userEvent.click(link);
    expect(screen.getByText('Project 42')).toBeTruthy();
  });
});
