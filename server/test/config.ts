import { parseConfig, type Argon2Cost, type Config } from '../config'

/** argon2id at the lowest cost the library takes: tests hash in microseconds, not 150 ms. */
export const TEST_ARGON2: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 }

/**
 * A demo-environment config for tests, with cheap password hashing and, optionally, a clock the
 * test controls. Nothing is read from the real environment.
 */
export function makeTestConfig(overrides: Partial<Config> & { env?: Record<string, string> } = {}): Config {
  const { env, ...rest } = overrides
  const base = parseConfig({ APP_ENV: 'demo', DATA_DIR: '/nonexistent-test-data', ...env })
  return {
    ...base,
    sessionSecret: 'test-session-secret-test-session-secret-000',
    ...rest,
    test: { argon2: TEST_ARGON2, ...rest.test },
  }
}
