export { RealtimeProvider, useRealtimeStatus } from './RealtimeProvider';
export { ReconnectingBanner } from './ReconnectingBanner';
export { onRealtimeEvent } from './invalidation';
