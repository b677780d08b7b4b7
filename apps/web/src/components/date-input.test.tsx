import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateInput } from './date-input';

describe('a date input', () => {
  it('shows the day the British way, whatever the browser language, and follows a value set from outside', () => {
    const { container, rerender } = render(<DateInput label="Due date" name="due" value="2026-03-05" onChange={() => undefined} />);
    const input = () => container.querySelector<HTMLInputElement>('input[name="due"]')!;
    expect(input().value).toBe('05/03/2026');
    rerender(<DateInput label="Due date" name="due" value="2027-12-31" onChange={() => undefined} />);
    expect(input().value).toBe('31/12/2027');
    rerender(<DateInput label="Due date" name="due" value="" onChange={() => undefined} />);
    expect(input().value).toBe('');
  });
});
