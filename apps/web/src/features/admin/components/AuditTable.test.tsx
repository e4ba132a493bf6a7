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
});
