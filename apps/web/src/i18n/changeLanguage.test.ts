import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, ensureNamespaces, i18n, LANGUAGE_STORAGE_KEY } from './index';

/**
 * The test setup registers every bundle up front; these tests drop the German ones first, so
 * what they see is the app's own lazy loading.
 */
function forgetGerman(): void {
  for (const namespace of Object.keys(i18n.store.data.de ?? {})) {
    i18n.removeResourceBundle('de', namespace);
  }
}

afterEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
});

describe('changeLanguage', () => {
  it('loads German texts for the namespaces on screen, switches and remembers the choice', async () => {
    forgetGerman();
    await ensureNamespaces(['shell']);
    expect(i18n.hasResourceBundle('de', 'shell')).toBe(false);

    await changeLanguage('de');

    expect(i18n.hasResourceBundle('de', 'shell')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'ui')).toBe(true);
    expect(i18n.language).toBe('de');
    expect(i18n.t('shell:nav.withdrawals')).toBe('Auszahlungen');
    expect(i18n.t('ui:close')).toBe('Schließen');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('loads a namespace opened later in the chosen language', async () => {
    await changeLanguage('de');
    forgetGerman();

    await ensureNamespaces(['transactions']);

    expect(i18n.hasResourceBundle('de', 'transactions')).toBe(true);
    expect(i18n.t('transactions:status.pending')).toBe('Ausstehend');
  });

  it('goes back to English', async () => {
    await changeLanguage('es');
    await changeLanguage('en');
    expect(i18n.t('shell:nav.withdrawals')).toBe('Withdrawals');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
