import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { CountryField } from './CountryField';

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

function Harness() {
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={new QueryClient()}>
      <CountryField value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </QueryClientProvider>
  );
}

describe('CountryField', () => {
  it('opens with Enter, filters "Germ" to Germany and selects it with Enter', async () => {
    render(<Harness />);
    const field = screen.getByLabelText('Country');
    expect(field.hasAttribute('readonly')).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter' });

    const search = await screen.findByRole('combobox', { name: 'Search country' });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(5);
    fireEvent.change(search, { target: { value: 'Germ' } });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // The name with an SVG flag image (an emoji flag is an empty box on Linux).
    expect(options.map((o) => o.textContent)).toEqual(['Germany']);
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toMatch(/DE\.svg/);

    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('Germany');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('Germany');
    expect(field.parentElement?.querySelector('img')?.getAttribute('src')).toMatch(/DE\.svg/);
  });

  it('moves through matches with the arrow keys', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('Country'));
    const search = await screen.findByRole('combobox');
    fireEvent.change(search, { target: { value: 'united' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('United States');
  });

  it('lists and shows names in Spanish, and keeps storing the English name', async () => {
    await changeLanguage('es');
    render(<Harness />);
    fireEvent.click(screen.getByLabelText('País'));
    const search = await screen.findByRole('combobox');
    fireEvent.change(search, { target: { value: 'Alem' } });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Alemania']);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('Germany');
    expect(screen.getByLabelText<HTMLInputElement>('País').value).toBe('Alemania');
  });
});
