/** The top bar's links (seed: Home /, About #about, Services #services, Plans #plans, Contact #contact). */
export const NAV_LINKS = [
  { key: 'home', to: '/' },
  { key: 'about', to: '/#about' },
  { key: 'services', to: '/#services' },
  { key: 'plans', to: '/#plans' },
  { key: 'contact', to: '/#contact' },
] as const;

/** The footer's links (seed list plus the risk disclosure). */
export const FOOTER_LINKS = {
  site: [
    { key: 'home', to: '/' },
    { key: 'about', to: '/about' },
    { key: 'plans', to: '/plans' },
    { key: 'strategies', to: '/strategies' },
    { key: 'contact', to: '/contact' },
  ],
  legal: [
    { key: 'terms', to: '/terms' },
    { key: 'privacy', to: '/privacy' },
    { key: 'risk', to: '/risk' },
    { key: 'fees', to: '/withdrawals/fee' },
  ],
} as const;
