import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ARGON2_PRODUCTION_COST, argon2Cost, clock, ConfigError, DEMO_MESSENGER_BOT_TOKEN, loadConfig, parseConfig } from './config'

const SECRET = 'x'.repeat(40)

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env, '/srv/app')
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

describe('config', () => {
  it('gives a working demo with no environment at all', () => {
    const config = parseConfig({}, '/srv/app')
    expect(config).toMatchObject({
      appEnv: 'demo',
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: null,
      redisUrl: null,
      apiBaseUrl: null,
      publicUrl: null,
      frameAllowlist: [],
      trustProxy: false,
      session: { idleTimeoutMs: 30 * 60_000, absoluteTimeoutMs: 12 * 3_600_000 },
      providers: { payment: 'sandbox', kyc: 'sandbox', mail: 'devmailbox', identity: 'dev' },
    })
  })

  it('reads every setting', () => {
    const config = parseConfig(
      {
        APP_ENV: 'staging',
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/casino',
        DATABASE_URL: 'postgres://u:p@db:5432/casino',
        REDIS_URL: 'redis://cache:6379',
        API_BASE_URL: 'https://platform.example/',
        PUBLIC_URL: 'https://casino.example/some/path',
        SESSION_SECRET: SECRET,
        FRAME_ALLOWLIST: 'https://a.example, https://b.example:8443',
        TRUST_PROXY: '2',
        SESSION_IDLE_MINUTES: '15',
      },
      '/srv/app',
    )
    expect(config).toMatchObject({
      appEnv: 'staging',
      port: 8080,
      dataDir: '/var/lib/casino',
      apiBaseUrl: 'https://platform.example',
      publicUrl: 'https://casino.example',
      frameAllowlist: ['https://a.example', 'https://b.example:8443'],
      trustProxy: 2,
      session: { idleTimeoutMs: 15 * 60_000 },
      providers: { payment: null, kyc: null, mail: null, identity: null },
    })
  })

  it('prefixes Redis channels with the site and schema unless REDIS_PREFIX says otherwise, and refuses a prefix with spaces', () => {
    expect(parseConfig({}, '/srv/app').redisPrefix).toBe('casino:')
    expect(parseConfig({ DATABASE_SCHEMA: 'tenant_a' }, '/srv/app').redisPrefix).toBe('casino:tenant_a:')
    expect(parseConfig({ REDIS_PREFIX: 'brand-b:', DATABASE_SCHEMA: 'tenant_a' }, '/srv/app').redisPrefix).toBe('brand-b:')
    expect(problemsOf({ REDIS_PREFIX: 'two words' })).toEqual([expect.stringMatching(/^REDIS_PREFIX must be 1 to 64 letters/)])
  })

  it('reads IMAGE_ALLOWLIST as origins, https only in production', () => {
    expect(parseConfig({}, '/srv/app').imageAllowlist).toEqual([])
    expect(parseConfig({ IMAGE_ALLOWLIST: 'https://cdn.example/, http://127.0.0.1:9000' }, '/srv/app').imageAllowlist).toEqual(['https://cdn.example', 'http://127.0.0.1:9000'])
    expect(problemsOf({ IMAGE_ALLOWLIST: 'cdn.example' })).toEqual(['IMAGE_ALLOWLIST entries must be origins like https://partner.example (got "cdn.example")'])
    expect(problemsOf({ APP_ENV: 'production', IMAGE_ALLOWLIST: 'http://cdn.example' })).toContain('IMAGE_ALLOWLIST entries must use https in production (got "http://cdn.example")')
  })

  it('reads CONTENT_DIR and LOG_LEVEL through the schema too, refusing a level pino does not know', () => {
    expect(parseConfig({}, '/srv/app')).toMatchObject({ contentDir: '/srv/app/content', logLevel: null })
    expect(parseConfig({ CONTENT_DIR: 'site', LOG_LEVEL: 'warn' }, '/srv/app')).toMatchObject({ contentDir: '/srv/app/site', logLevel: 'warn' })
    expect(parseConfig({ CONTENT_DIR: '/var/content' }, '/srv/app').contentDir).toBe('/var/content')
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual(['LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'])
  })

  it('takes a Sumsub-shaped KYC vendor only with its credentials, and keeps them for it alone', () => {
    expect(parseConfig({}, '/srv/app').sumsub).toBeNull()
    expect(problemsOf({ KYC_PROVIDER: 'sumsub', SUMSUB_APP_TOKEN: 'tok' })).toEqual(['KYC_PROVIDER=sumsub needs SUMSUB_SECRET_KEY, SUMSUB_WEBHOOK_SECRET'])
    expect(problemsOf({ KYC_PROVIDER: 'sumsub', SUMSUB_SECRET_KEY: 'short' }).join(' ')).toMatch(/SUMSUB_SECRET_KEY/)
    const env = { KYC_PROVIDER: 'sumsub', SUMSUB_APP_TOKEN: 'tok', SUMSUB_SECRET_KEY: 'secret-key-0123456789', SUMSUB_WEBHOOK_SECRET: 'webhook-secret-0123456789' }
    expect(parseConfig(env, '/srv/app').sumsub).toEqual({
      baseUrl: 'https://api.sumsub.com',
      appToken: 'tok',
      secretKey: 'secret-key-0123456789',
      webhookSecret: 'webhook-secret-0123456789',
      levelName: 'basic-kyc-level',
      webSdkUrl: 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js',
    })
    // The sumsub settings do nothing for another provider.
    expect(parseConfig({ ...env, KYC_PROVIDER: 'sandbox' }, '/srv/app').sumsub).toBeNull()
  })

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      APP_ENV: 'prod',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'casino.example',
      FRAME_ALLOWLIST: 'https://a.example/path',
      TRUST_PROXY: 'everyone',
      SESSION_IDLE_MINUTES: '-1',
    })
    for (const name of ['APP_ENV', 'PORT', 'DATABASE_URL', 'PUBLIC_URL', 'FRAME_ALLOWLIST', 'TRUST_PROXY', 'SESSION_IDLE_MINUTES']) {
      expect(problems.join('\n')).toContain(name)
    }
  })

  it('reads each listed OpenID provider from its OAUTH_<ID>_ variables, and names what is missing or wrong', () => {
    const config = parseConfig({
      OAUTH_PROVIDERS: 'Google, my-idp',
      OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com/',
      OAUTH_GOOGLE_CLIENT_ID: 'cid',
      OAUTH_GOOGLE_CLIENT_SECRET: 'sec',
      OAUTH_MY_IDP_ISSUER: 'http://localhost:9000/realms/x',
      OAUTH_MY_IDP_CLIENT_ID: 'c2',
      OAUTH_MY_IDP_NAME: 'My IdP',
      OAUTH_MY_IDP_DISCOVERY_URL: 'http://localhost:9000/discovery',
    })
    expect(config.oauthProviders).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
        clientId: 'cid',
        clientSecret: 'sec',
        scopes: 'openid email profile',
      },
      { id: 'my-idp', name: 'My IdP', issuer: 'http://localhost:9000/realms/x', discoveryUrl: 'http://localhost:9000/discovery', clientId: 'c2', clientSecret: null, scopes: 'openid email profile' },
    ])
    expect(problemsOf({ OAUTH_PROVIDERS: 'dev, 9x' })).toEqual([
      `OAUTH_PROVIDERS entries must be ids of lowercase letters, digits and '-', not "dev" (got "dev")`,
      `OAUTH_PROVIDERS entries must be ids of lowercase letters, digits and '-', not "dev" (got "9x")`,
    ])
    expect(problemsOf({ OAUTH_PROVIDERS: 'kc', OAUTH_KC_ISSUER: 'http://id.example', OAUTH_KC_DISCOVERY_URL: 'nope' })).toEqual([
      'OAUTH_KC_ISSUER must use https',
      'OAUTH_KC_CLIENT_ID is required',
      'OAUTH_KC_DISCOVERY_URL must be an http(s) URL',
    ])
    expect(problemsOf({ APP_ENV: 'production', OAUTH_PROVIDERS: 'kc', OAUTH_KC_ISSUER: 'http://localhost/x', OAUTH_KC_CLIENT_ID: 'c' })).toEqual(['OAUTH_KC_ISSUER must use https'])
  })

  it("reports production's refusals together with every malformed variable", () => {
    const problems = problemsOf({
      APP_ENV: 'production',
      PORT: '70000',
      DATABASE_URL: 'postgres://db/casino',
      PUBLIC_URL: 'http://casino.example',
      REDIRECT_ALLOWLIST: 'http://partner.example',
      AUTH_THROTTLE_MULTIPLIER: '50',
      E2E_TEST_OVERRIDES: '1',
      OPERATOR_TOKEN: 'short',
      PAYMENT_PROVIDER: 'sandbox',
    })
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "70000")',
      'PUBLIC_URL must use https in production',
      'SESSION_SECRET is required in production with DATABASE_URL: every instance must share it (generate one with `openssl rand -base64 48`)',
      'REDIRECT_ALLOWLIST entries must use https in production (got "http://partner.example")',
      'AUTH_THROTTLE_MULTIPLIER is for tests and demos: production runs with the real limits (unset it)',
      'E2E_TEST_OVERRIDES is for end-to-end tests: production refuses it (unset it)',
      'OPERATOR_TOKEN must be at least 32 characters (generate one with `openssl rand -base64 32`)',
      'PAYMENT_PROVIDER "sandbox" is demo-only and cannot run in production',
    ])
  })

  it('gives demo the public messenger bot token, refuses it in production, and checks the token and the max age', () => {
    expect(parseConfig({ APP_ENV: 'demo' }).messenger).toEqual({ botToken: DEMO_MESSENGER_BOT_TOKEN, authMaxAgeSec: 86_400 })
    expect(parseConfig({ APP_ENV: 'staging' }).messenger.botToken).toBeNull()
    const real = '7000000001:AAH-a-real-looking-bot-token-0123'
    expect(parseConfig({ APP_ENV: 'staging', TELEGRAM_BOT_TOKEN: real, TELEGRAM_AUTH_MAX_AGE_SECONDS: '600' }).messenger).toEqual({ botToken: real, authMaxAgeSec: 600 })
    const prod = { APP_ENV: 'production', PUBLIC_URL: 'https://casino.example' }
    expect(problemsOf({ ...prod, TELEGRAM_BOT_TOKEN: DEMO_MESSENGER_BOT_TOKEN }).join('\n')).toMatch(/TELEGRAM_BOT_TOKEN is the public demo token/)
    expect(problemsOf({ ...prod, TELEGRAM_BOT_TOKEN: 'nope' }).join('\n')).toMatch(/TELEGRAM_BOT_TOKEN must be/)
    expect(problemsOf({ ...prod, TELEGRAM_AUTH_MAX_AGE_SECONDS: '0' }).join('\n')).toMatch(/TELEGRAM_AUTH_MAX_AGE_SECONDS/)
  })

  it('requires SESSION_SECRET in production on PostgreSQL', () => {
    const env = { APP_ENV: 'production', DATABASE_URL: 'postgres://db/casino', PUBLIC_URL: 'https://casino.example' }
    expect(problemsOf(env).join('\n')).toMatch(/SESSION_SECRET is required/)
    expect(problemsOf({ ...env, SESSION_SECRET: 'short' }).join('\n')).toMatch(/at least 32/)
    expect(problemsOf({ ...env, SESSION_SECRET: SECRET })).toEqual([])
  })

  it('refuses to start production with a demo-only provider', () => {
    const env = { APP_ENV: 'production', SESSION_SECRET: SECRET }
    expect(problemsOf(env)).toEqual([])
    expect(problemsOf({ ...env, PAYMENT_PROVIDER: 'sandbox' }).join('\n')).toMatch(/PAYMENT_PROVIDER "sandbox" is demo-only/)
    expect(problemsOf({ ...env, MAIL_PROVIDER: 'devmailbox' }).join('\n')).toMatch(/MAIL_PROVIDER/)
    expect(problemsOf({ ...env, PAYMENT_PROVIDER: 'acmepay' })).toEqual([])
  })

  it('ignores the test config in production', () => {
    const now = () => new Date(0)
    const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 }
    const demo = { ...parseConfig({}), test: { argon2: cheap, now } }
    expect(argon2Cost(demo)).toEqual(cheap)
    expect(clock(demo)()).toEqual(new Date(0))
    const production = { ...parseConfig({ APP_ENV: 'production' }), test: { argon2: cheap, now } }
    expect(argon2Cost(production)).toEqual(ARGON2_PRODUCTION_COST)
    expect(clock(production)().getTime()).toBeGreaterThan(0)
  })

  it('generates the session secret once into DATA_DIR with mode 0600', () => {
    const dir = mkdtempSync(join(tmpdir(), 'casino-config-'))
    try {
      const first = loadConfig({ DATA_DIR: dir })
      const file = join(dir, 'session-secret')
      expect(first.sessionSecret!.length).toBeGreaterThanOrEqual(32)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret)
      expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret)
      // A given SESSION_SECRET wins over the file.
      expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET)
      // A truncated file is replaced, not trusted.
      writeFileSync(file, 'abc')
      expect(loadConfig({ DATA_DIR: dir }).sessionSecret).not.toBe('abc')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
