/** Anchors inside the landing page's deferred lower half; following one loads it at once. */
export const DEFERRED_ANCHORS: readonly string[] = ['#plans', '#faq', '#contact'];
