/**
 * What the first round trip of a new connection carries: ten segments of TCP's initial congestion
 * window, 14,600 bytes. A page whose response (status line, headers, body) is larger paints a round
 * trip later (docs/performance.md, "The first round trip"). The budgets and the Lighthouse report
 * both measure against it.
 */
export const FIRST_ROUND_TRIP = 14_600;
