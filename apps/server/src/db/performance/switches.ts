/**
 * Each piece of machinery in this folder can be switched off without changing what the server
 * answers, only how fast: `PERFORMANCE_OFF=pipelining,session-cache` (config.ts validates the
 * names). Off, the server does the plain thing: one statement awaited at a time, unnamed
 * statements, reads on the pool, the session and the prices read from the database every time, every strategy's state read
 * and its NAV written on every tick, every changed NAV's returns measured, every moved strategy's
 * returns restated at the hour's first tick.
 */
export const PERFORMANCE_MACHINERY = [
  'pipelining',
  'prepared-statements',
  'shared-reads',
  'session-cache',
  'price-cache',
  'tick-states',
  'figure-bands',
  'hour-turn-spread',
] as const;

export type PerformanceMachinery = (typeof PERFORMANCE_MACHINERY)[number];

/** Which machinery is on (true) for this instance. */
export type PerformanceSwitches = Readonly<Record<PerformanceMachinery, boolean>>;

export const ALL_ON: PerformanceSwitches = {
  pipelining: true,
  'prepared-statements': true,
  'shared-reads': true,
  'session-cache': true,
  'price-cache': true,
  'tick-states': true,
  'figure-bands': true,
  'hour-turn-spread': true,
};

/** The switches with `off` turned off. */
export function switchesWithout(off: readonly PerformanceMachinery[]): PerformanceSwitches {
  const switches = { ...ALL_ON };
  for (const name of off) switches[name] = false;
  return switches;
}
