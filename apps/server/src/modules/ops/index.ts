/** The ops module's face (health, readiness and metrics): what other modules and the app's wiring use. */
export { createMetrics, type Metrics } from './ops.metrics';
export { registerOps } from './ops.routes';
export { defaultReadinessOptions, type ReadinessOptions } from './ops.service';
