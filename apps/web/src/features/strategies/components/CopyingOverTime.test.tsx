import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { CopyingOverTime } from './CopyingOverTime';

afterEach(cleanup);

describe('CopyingOverTime', () => {
  it('shows the latest copiers and money, each chart named by its first and last day', () => {
    render(
      <CopyingOverTime
        copying={[
          { at: '2026-11-27T23:59:00.000Z', copiers: 1200, aumCents: 50_000 },
          { at: '2026-11-28T23:59:00.000Z', copiers: 3400, aumCents: 1_234_567 },
          { at: '2026-11-29T23:59:00.000Z', copiers: 2100, aumCents: 987_654 },
        ]}
      />,
    );
    expect(screen.getByText('2,100')).toBeTruthy();
    expect(screen.getByText('$9,876.54')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Copies open over time: 1,200 at the start, 2,100 now, at most 3,400',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Money copying it over time: $500.00 at the start, $9,876.54 now',
      }),
    ).toBeTruthy();
  });
});
