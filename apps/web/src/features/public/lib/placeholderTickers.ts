import type { Ticker } from '../components/PriceTicker';

/**
 * Stand-in prices until the market-data feed is wired to the landing page. They are shown only
 * under the "Simulated market data" label.
 */
export const PLACEHOLDER_TICKERS: readonly Ticker[] = [
  { symbol: 'BTCUSDT', price: '67,412.50', change24hPct: '1.84' },
  { symbol: 'ETHUSDT', price: '3,268.14', change24hPct: '-0.92' },
  { symbol: 'SOLUSDT', price: '152.37', change24hPct: '3.41' },
  { symbol: 'BNBUSDT', price: '584.20', change24hPct: '-0.37' },
  { symbol: 'XRPUSDT', price: '0.5231', change24hPct: '0.66' },
];
