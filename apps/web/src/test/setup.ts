import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../i18n';
import '../ui/i18n';
import { forgetTestQueryClients } from './render';

/**
 * Pages load their texts lazily in the app (routes call ensureNamespaces); component tests render
 * pages directly, so every namespace is registered up front here.
 */
type Messages = Record<string, unknown>;
const files = import.meta.glob<Messages>('../features/*/locales/**/*.json', {
  eager: true,
  import: 'default',
});
for (const [path, messages] of Object.entries(files)) {
  const flat = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
  const part = /features\/([^/]+)\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (flat?.[1] && flat[2]) i18n.addResourceBundle(flat[2], flat[1], messages, true, false);
  else if (part?.[1] && part[2] && part[3]) {
    const namespace = `${part[1]}${part[2].charAt(0).toUpperCase()}${part[2].slice(1)}`;
    i18n.addResourceBundle(part[3], namespace, messages, true, false);
  }
}

// findBy…/waitFor give up after 5 s, not 1 s: CI runs these beside the server's tests and the
// browser journeys on two cores, where a page's first render has taken over a second. A real
// failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// A test that moved a fake clock gets the real one back even when it failed before restoring it.
afterEach(() => {
  forgetTestQueryClients();
  vi.useRealTimers();
});
