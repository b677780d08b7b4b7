import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListLoading } from './list-states';

describe('a list while it loads', () => {
  it('says what loads in a status, with the spinner hidden from screen readers (no progress bar without a name)', () => {
    render(<ListLoading label="Loading projects..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading projects...');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
