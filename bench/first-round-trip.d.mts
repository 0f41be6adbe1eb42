export const FIRST_ROUND_TRIP: number;
