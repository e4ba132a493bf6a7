import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jane } from '../test/fixtures';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { UsersPage } from './UsersPage';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const john = { ...jane, id: '22222222-2222-4222-8222-222222222222', name: 'John Roe' };

function setup() {
  const stub = stubApi((call) => {
    if (call.path !== '/api/admin/users') return undefined;
    if (call.query.get('cursor') === 'c1') return { body: { users: [john], nextCursor: null } };
    return { body: { users: [jane], nextCursor: 'c1' } };
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const view = renderAt('/admin/users', <UsersPage />, '/admin/users');
  const listCalls = () => stub.calls.filter((c) => c.path === '/api/admin/users');
  return { ...stub, ...view, listCalls };
}

cleanUpAfterEach();

describe('UsersPage', () => {
  it('asks the server for the chosen filter and keeps it in the URL', async () => {
    const { listCalls, router } = setup();
    expect(await screen.findByText('Jane Doe')).toBeTruthy();
    expect(listCalls()[0]?.query.get('filter')).toBe('all');

    const chip = screen.getByRole('button', { name: 'Awaiting review' });
    fireEvent.click(chip);
    await waitFor(() => expect(listCalls().at(-1)?.query.get('filter')).toBe('pending'));
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?filter=pending');
  });

  it('searches on the server after typing stops', async () => {
    const { listCalls } = setup();
    await screen.findByText('Jane Doe');
    fillIn('Search users', ' jane ');
    await waitFor(() => expect(listCalls().at(-1)?.query.get('q')).toBe('jane'));
  });

  it('loads the next page with the cursor and appends it', async () => {
    const { listCalls } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('John Roe')).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(listCalls().at(-1)?.query.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('links each user to their page', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'View Jane Doe' });
    expect(link.getAttribute('href')).toBe(`/admin/users/${jane.id}`);
  });
});
