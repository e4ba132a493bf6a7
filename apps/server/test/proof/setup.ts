import { afterAll, beforeAll } from 'vitest';
import { createTradingApp, type TradingTestApp } from '../copy-trading-helpers';
import { loadOperations, type Operation } from './openapi';
import { buildWorld, type World } from './world';

/** What every proof file works on: the trading app, its world of roles and the API's operations. */
export interface ProofApp {
  t: TradingTestApp;
  world: World;
  operations: Operation[];
}

/**
 * The proof file's trading app with its world (buildWorld) and the operations of
 * /api/openapi.json, made before its tests and closed after them:
 * `useProofApp((made) => ({ t, world, operations } = made))`.
 */
export function useProofApp(assign: (made: ProofApp) => void): void {
  let t: TradingTestApp | undefined;
  beforeAll(async () => {
    t = await createTradingApp();
    assign({ t, world: await buildWorld(t), operations: await loadOperations(t.app) });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
}
