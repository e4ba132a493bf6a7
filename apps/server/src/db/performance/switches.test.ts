import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { ALL_ON } from './switches';

describe('PERFORMANCE_OFF', () => {
  it('unset: every piece of machinery is on', () => {
    expect(loadConfig({}).performance).toEqual(ALL_ON);
  });

  it('switches off the named machinery only', () => {
    expect(loadConfig({ PERFORMANCE_OFF: 'pipelining, price-cache' }).performance).toEqual({
      ...ALL_ON,
      pipelining: false,
      'price-cache': false,
    });
  });

  it('refuses an unknown or repeated name', () => {
    expect(() => loadConfig({ PERFORMANCE_OFF: 'pipelines' })).toThrow(ConfigError);
    expect(() => loadConfig({ PERFORMANCE_OFF: 'pipelining,pipelining' })).toThrow(
      /PERFORMANCE_OFF must be names separated by commas from: pipelining/,
    );
  });
});
