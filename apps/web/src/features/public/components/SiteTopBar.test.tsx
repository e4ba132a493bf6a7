import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { testUser } from '../../../test/fixtures';
import { renderPublic, renderSignedIn } from '../../../test/render';
import { SiteTopBar } from './SiteTopBar';

// The bar asks who is signed in: a visitor, unless a test signs someone in.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/auth/session': { status: 401, body: { error: { code: 'UNAUTHENTICATED' } } },
    }).fetchStub,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null });
});

const LINKS = [
  ['Home', '/'],
  ['About', '/#about'],
  ['Services', '/#services'],
  ['Plans', '/#plans'],
  ['Contact', '/#contact'],
] as const;

describe('SiteTopBar', () => {
  it('links to the sections and to /login', () => {
    renderPublic(<SiteTopBar />);
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    if (!nav) throw new Error('no navigation');
    for (const [name, href] of LINKS) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getAllByRole('link', { name: 'Login' })[0]?.getAttribute('href')).toBe('/login');
  });

  it('opens the menu with the same links, locks the page scroll and moves focus in', () => {
    renderPublic(<SiteTopBar />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menu.contains(document.activeElement)).toBe(true);
    for (const [name, href] of LINKS) {
      expect(within(menu).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(menu).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('closes on Escape, unlocks the scroll and gives focus back to the menu button', () => {
    renderPublic(<SiteTopBar />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    toggle.focus();
    fireEvent.click(toggle);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps Tab inside the open menu', () => {
    renderPublic(<SiteTopBar />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const login = within(menu).getByRole('link', { name: 'Login' });
    login.focus();
    fireEvent.keyDown(login, { key: 'Tab' });
    expect(menu.querySelector('a')).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement ?? menu, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(login);
  });

  it('closes when a link is followed', () => {
    renderPublic(<SiteTopBar />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });

  it('offers a signed-in investor their dashboard instead of Login, in the bar and in the menu', () => {
    renderSignedIn(<SiteTopBar />, '/', '/');
    expect(screen.queryAllByRole('link', { name: 'Login' })).toEqual([]);
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]?.getAttribute('href')).toBe(
      '/dashboard',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it("offers a signed-in admin the admin's home", () => {
    renderSignedIn(<SiteTopBar />, '/', '/', { ...testUser, isAdmin: true });
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]?.getAttribute('href')).toBe(
      '/admin',
    );
  });
});
