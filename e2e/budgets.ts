/**
 * Every time budget of the journeys, in one place. They are safety nets, not speed checks (bench/
 * measures speed): a journey waits on what the player would see, and a budget only bounds how long
 * it may wait before the run calls it broken. E2E_TIME_FACTOR scales them all for a slower machine
 * than this 2-core one under a full CPU load (`npm run test:e2e:load`), which the defaults cover.
 */
const factor = Number(process.env.E2E_TIME_FACTOR ?? 1)
if (!(factor > 0 && factor <= 20)) throw new Error(`E2E_TIME_FACTOR must be above 0 and at most 20, not ${process.env.E2E_TIME_FACTOR}`)

/** `ms` scaled by the run's factor. */
export const budget = (ms: number): number => Math.round(ms * factor)

/** A whole journey. */
export const TEST_TIMEOUT = budget(120_000)
/** A long journey that waits out real product delays (an inactivity limit, a two-factor window). */
export const LONG_TEST_TIMEOUT = budget(240_000)
/** One assertion: something the player sees after an action. */
export const EXPECT_TIMEOUT = budget(15_000)
/** A page (a navigation, a reload) until React has taken it over: seconds on a busy phone. */
export const HYDRATION_TIMEOUT = budget(60_000)
