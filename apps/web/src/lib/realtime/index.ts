export { RealtimeProvider, useRealtimeStatus } from './RealtimeProvider';
export { ReconnectingBanner } from './ReconnectingBanner';
export type { RealtimeHandlers } from './invalidation';
