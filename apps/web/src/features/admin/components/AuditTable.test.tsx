import { AUDIT_ACTIONS } from '@app/shared/schemas/audit-actions';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n';
import { MemoryRouter } from 'react-router';
import { AuditTable, auditActionLabel } from './AuditTable';

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

const entry = {
  id: '1',
  actorId: null,
  actorEmail: null,
  action: 'user.activated',
  targetType: 'user',
  targetId: 'u-1',
  ip: null,
  details: {},
  createdAt: '2026-11-29T08:00:00.000Z',
};

describe("the admin's audit log", () => {
  it('labels every action the server can write, in en, es and de', async () => {
    for (const language of ['en', 'es', 'de'] as const) {
      await changeLanguage(language);
      const t = i18n.getFixedT(language, 'admin');
      for (const action of AUDIT_ACTIONS) {
        const key = `audit.actions.${action}`;
        expect(i18n.exists(key, { ns: 'admin', lng: language }), `${language} ${action}`).toBe(
          true,
        );
        expect(auditActionLabel(t, action)).not.toContain(action);
      }
    }
  });

  it('shows an entry as words, with its code beside it for the filter', () => {
    render(
      <MemoryRouter>
        <AuditTable entries={[entry]} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Account activated').length).toBeGreaterThan(0);
    expect(screen.getAllByText('user.activated').length).toBeGreaterThan(0);
  });

  it('writes the details in words: money in dollars, ids shortened, instants and labels in the reader language', async () => {
    const withDetails = {
      ...entry,
      action: 'deposit.approved',
      details: {
        amountCents: 100000,
        requestedBy: '7a43b667-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
        alone: false,
        at: '2026-11-29T08:00:00.000Z',
      },
    };
    const { unmount } = render(
      <MemoryRouter>
        <AuditTable entries={[withDetails]} />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('Amount: $1,000.00');
    expect(text).toContain('Requested by: 7a43b667…');
    expect(text).toContain('By one admin alone: No');
    expect(text).toContain('At: 11/29/2026');
    expect(text).not.toContain('amountCents');
    unmount();
    await changeLanguage('de');
    render(
      <MemoryRouter>
        <AuditTable entries={[withDetails]} />
      </MemoryRouter>,
    );
    expect(document.body.textContent).toContain('Betrag: $1,000.00');
    expect(document.body.textContent).toContain('Zeitpunkt: 29.11.2026');
  });
});
