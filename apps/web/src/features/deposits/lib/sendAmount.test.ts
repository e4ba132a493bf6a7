import { describe, expect, it } from 'vitest';
import { amountToSend } from './sendAmount';

describe('amountToSend', () => {
  it('asks for the USD amount in the stablecoin, one token per dollar', () => {
    expect(amountToSend({ kind: 'crypto', name: 'Tether', network: 'TRC20' }, 25_000)).toEqual({
      kind: 'stablecoin',
      token: 'USDT',
      tokenAmount: '250.00',
      usd: '$250.00',
    });
    expect(amountToSend({ kind: 'crypto', name: 'USD Coin', network: 'Base' }, 123_450)).toEqual({
      kind: 'stablecoin',
      token: 'USDC',
      tokenAmount: '1,234.50',
      usd: '$1,234.50',
    });
    expect(
      amountToSend({ kind: 'crypto', name: 'Stable', network: 'USDC on Ethereum' }, 100),
    ).toMatchObject({ token: 'USDC', tokenAmount: '1.00' });
  });

  it('never asks for "exactly" a dollar amount of a coin whose price moves', () => {
    expect(amountToSend({ kind: 'crypto', name: 'Bitcoin', network: 'BTC' }, 25_000)).toEqual({
      kind: 'coinWorth',
      coin: 'Bitcoin',
      usd: '$250.00',
    });
  });

  it('keeps a bank transfer in US dollars', () => {
    expect(amountToSend({ kind: 'bank', name: 'Bank Transfer', network: null }, 25_000)).toEqual({
      kind: 'fiat',
      usd: '$250.00',
    });
  });
});
