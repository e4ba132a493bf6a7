import type { PublicConfig } from '@app/shared/schemas/common';

/**
 * The server writes its public configuration (brand name, support address...) into a meta tag of
 * index.html when it serves the page, so the brand is one value everywhere with no extra request.
 */
function readConfig(): PublicConfig {
  const fallback: PublicConfig = {
    brandName: 'Nestrado',
    supportEmail: 'support@nestrado.local',
    supportHours: null,
    marketData: 'simulated',
  };
  if (typeof document === 'undefined') return fallback;
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(content) as Partial<PublicConfig>) };
  } catch {
    return fallback;
  }
}

export const appConfig = readConfig();

/** The server's rendering of a page (entry-server) takes the configuration it serves. */
export function applyServerConfig(config: PublicConfig): void {
  Object.assign(appConfig, config);
}
