import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'

/**
 * Server settings, read once from the environment at start. Every setting has a default that gives
 * a newcomer a working demo (`npm start`), and every value is checked here so that a wrong one
 * stops the process with a message naming the variable instead of failing later in a request.
 */

export type AppEnv = 'demo' | 'staging' | 'production'
export const APP_ENVS: readonly AppEnv[] = ['demo', 'staging', 'production']

/**
 * Kinds of external provider the product talks to, and the name each one is configured with.
 * Chosen through `<KIND>_PROVIDER` variables (PAYMENT_PROVIDER, KYC_PROVIDER, MAIL_PROVIDER,
 * IDENTITY_PROVIDER). Demo picks the sandbox of each kind; staging and production pick none unless told.
 */
export const PROVIDER_KINDS = ['payment', 'kyc', 'mail', 'identity'] as const
export type ProviderKind = (typeof PROVIDER_KINDS)[number]

/**
 * The hook that keeps demo machinery out of production: a provider named here exists only to
 * make the demo work (it fakes money, identity or mail) and production refuses to start with it.
 * A new sandbox provider adds its name here when it is written.
 */
export const DEMO_ONLY_PROVIDERS: Readonly<Record<ProviderKind, readonly string[]>> = {
  payment: ['sandbox'],
  kyc: ['sandbox'],
  mail: ['devmailbox'],
  identity: ['dev'],
}

const DEMO_DEFAULT_PROVIDERS: Readonly<Record<ProviderKind, string>> = {
  payment: 'sandbox',
  kyc: 'sandbox',
  mail: 'devmailbox',
  identity: 'dev',
}

/**
 * The messenger bot token APP_ENV demo uses when TELEGRAM_BOT_TOKEN is unset, so the mini-app
 * sign-in (SPEC §4 'Messenger mini-app') works out of the box and e2e journeys can sign their own
 * init data. Public by design: production refuses to start with it.
 */
export const DEMO_MESSENGER_BOT_TOKEN = '1000000001:DEMO-not-a-secret-bot-token-for-demo-only'

/** How old a messenger init data's auth_date may be by default: one day, as the messenger's SDKs check. */
export const MESSENGER_AUTH_MAX_AGE_SEC_DEFAULT = 86_400

/**
 * An OpenID Connect provider for social login (SPEC §4 'Social login'), from OAUTH_PROVIDERS and
 * OAUTH_<ID>_* variables. The built-in development provider is not listed here: it is on when
 * IDENTITY_PROVIDER is `dev` (demo's default) and lives at /dev/idp on this server.
 */
export interface OAuthProviderConfig {
  /** The `service` of /oauth/init: lowercase letters, digits, '-'. */
  id: string
  /** The button label. */
  name: string
  /** Expected `iss` of its ID tokens. */
  issuer: string
  /** Where its discovery document is; defaults to {issuer}/.well-known/openid-configuration. */
  discoveryUrl: string
  clientId: string
  /** Null: a public client, PKCE only. */
  clientSecret: string | null
  scopes: string
}

export interface Argon2Cost {
  /** KiB */
  memoryCost: number
  timeCost: number
  parallelism: number
}

/** OWASP's recommended argon2id parameters (m=19 MiB, t=2, p=1): about 150 ms a hash here. */
export const ARGON2_PRODUCTION_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/**
 * Knobs only tests turn: cheaper password hashing and a clock they control. Never read from the
 * environment; a test builds it explicitly, and `testConfig()` drops it in production.
 */
export interface TestConfig {
  argon2?: Argon2Cost
  now?: () => Date
  /** Overrides AUTH_THROTTLE_MULTIPLIER for one test app. */
  authThrottleMultiplier?: number
}

export interface Config {
  appEnv: AppEnv
  port: number
  host: string
  /** Absolute path. Holds the embedded database, its lock file and the generated session secret. */
  dataDir: string
  /** PostgreSQL connection string; null means the embedded PGlite database in dataDir. */
  databaseUrl: string | null
  /** Schema to use on PostgreSQL (search_path); null means the server's default. */
  databaseSchema: string | null
  redisUrl: string | null
  /** Another platform API that /api/* is forwarded to; null means our own handlers. */
  apiBaseUrl: string | null
  /** The public origin (scheme, host, port) the site is served under, e.g. https://casino.example. */
  publicUrl: string | null
  /** Secret for signed cookies and HMACs; null until `loadConfig` resolves it from DATA_DIR. */
  sessionSecret: string | null
  /** Origins allowed to frame the /forms pages. */
  frameAllowlist: string[]
  /**
   * REDIRECT_ALLOWLIST: other origins a redirectUrl or backUrl may send the player to; the site's
   * own paths always may (ARCHITECTURE §5: no open redirects).
   */
  redirectAllowlist: string[]
  /** OAUTH_PROVIDERS and their OAUTH_<ID>_* settings. */
  oauthProviders: OAuthProviderConfig[]
  /** As Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string[]
  session: { idleTimeoutMs: number; absoluteTimeoutMs: number }
  providers: Record<ProviderKind, string | null>
  /**
   * AUTH_THROTTLE_MULTIPLIER: multiplies every auth throttling limit (failures before the login
   * delay, per-IP limits, registrations and recovery mails per hour). 1 in production, where any
   * other value stops the start; e2e runs raise it because every request comes from 127.0.0.1.
   */
  authThrottleMultiplier: number
  /**
   * E2E_TEST_OVERRIDES=1: a browser context may shorten its own inactivity limit with a cookie
   * (server/domain/session/idle.ts), so one journey can wait for a forced logout without slowing
   * the others. Refused in production; never on by default.
   */
  e2eTestOverrides: boolean
  /**
   * SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465.
   * Null: mail is written to the outbox table only (and shown at /dev/mailbox outside production).
   */
  smtpUrl: string | null
  /** MAIL_FROM: the sender address of every mail. */
  mailFrom: string
  /**
   * The messenger mini-app sign-in (SPEC §4): TELEGRAM_BOT_TOKEN verifies the init data the
   * messenger signs (null: the sign-in is off), TELEGRAM_AUTH_MAX_AGE_SECONDS bounds its auth_date.
   */
  messenger: { botToken: string | null; authMaxAgeSec: number }
  /**
   * OPERATOR_TOKEN: the bearer token of the operator calls (/api/operator/*: ban, self-exclude).
   * Null: those calls do not exist. At least 32 characters.
   */
  operatorToken: string | null
  test?: TestConfig
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

function value(env: Env, name: string): string | null {
  const v = env[name]?.trim()
  return v ? v : null
}

function parseUrl(raw: string, protocols: string[]): URL | null {
  try {
    const url = new URL(raw)
    return protocols.includes(url.protocol) ? url : null
  } catch {
    return null
  }
}

/** Reads and checks every setting. Pure: touches no file, so it can be tested with a plain object. */
export function parseConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = []

  const appEnvRaw = value(env, 'APP_ENV') ?? 'demo'
  const appEnv = (APP_ENVS as readonly string[]).includes(appEnvRaw) ? (appEnvRaw as AppEnv) : 'demo'
  if (appEnv !== appEnvRaw) problems.push(`APP_ENV must be one of ${APP_ENVS.join(', ')} (got "${appEnvRaw}")`)

  const portRaw = value(env, 'PORT') ?? '3000'
  const port = Number(portRaw)
  if (!/^\d+$/.test(portRaw) || port > 65535) problems.push(`PORT must be a whole number from 0 to 65535 (got "${portRaw}")`)

  const host = value(env, 'HOST') ?? '0.0.0.0'

  const dataDirRaw = value(env, 'DATA_DIR') ?? './data'
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw)

  const databaseUrl = value(env, 'DATABASE_URL')
  if (databaseUrl && !parseUrl(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string')
  }
  const databaseSchema = value(env, 'DATABASE_SCHEMA')
  if (databaseSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    problems.push('DATABASE_SCHEMA must be a lowercase SQL identifier (letters, digits, _)')
  }

  const redisUrl = value(env, 'REDIS_URL')
  if (redisUrl && !parseUrl(redisUrl, ['redis:', 'rediss:'])) problems.push('REDIS_URL must be a redis:// or rediss:// URL')

  const apiBaseUrlRaw = value(env, 'API_BASE_URL')
  const apiBaseUrl = apiBaseUrlRaw ? parseUrl(apiBaseUrlRaw, ['http:', 'https:']) : null
  if (apiBaseUrlRaw && !apiBaseUrl) problems.push('API_BASE_URL must be an http:// or https:// URL')

  const publicUrlRaw = value(env, 'PUBLIC_URL')
  const publicUrl = publicUrlRaw ? parseUrl(publicUrlRaw, ['http:', 'https:']) : null
  if (publicUrlRaw && !publicUrl) problems.push('PUBLIC_URL must be an http:// or https:// URL')
  if (appEnv === 'production' && publicUrl?.protocol === 'http:' && !isLoopback(publicUrl.hostname)) {
    problems.push('PUBLIC_URL must use https in production')
  }

  const sessionSecret = value(env, 'SESSION_SECRET')
  if (sessionSecret && sessionSecret.length < 32) problems.push('SESSION_SECRET must be at least 32 characters')
  if (!sessionSecret && databaseUrl && appEnv === 'production') {
    problems.push(
      'SESSION_SECRET is required in production with DATABASE_URL: every instance must share it (generate one with `openssl rand -base64 48`)',
    )
  }

  const frameAllowlist: string[] = []
  for (const raw of (value(env, 'FRAME_ALLOWLIST') ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const url = parseUrl(raw, ['http:', 'https:'])
    if (!url || url.origin !== raw.replace(/\/$/, '')) {
      problems.push(`FRAME_ALLOWLIST entries must be origins like https://partner.example (got "${raw}")`)
    } else if (appEnv === 'production' && url.protocol !== 'https:') {
      problems.push(`FRAME_ALLOWLIST entries must use https in production (got "${raw}")`)
    } else {
      frameAllowlist.push(url.origin)
    }
  }

  const redirectAllowlist = parseOrigins(env, 'REDIRECT_ALLOWLIST', appEnv, problems)
  const oauthProviders = parseOAuthProviders(env, appEnv, problems)

  const trustProxy = parseTrustProxy(value(env, 'TRUST_PROXY'), problems)

  const idleMinutes = positiveNumber(env, 'SESSION_IDLE_MINUTES', 30, problems)
  const absoluteHours = positiveNumber(env, 'SESSION_ABSOLUTE_HOURS', 12, problems)

  const authThrottleMultiplier = positiveNumber(env, 'AUTH_THROTTLE_MULTIPLIER', 1, problems)
  if (appEnv === 'production' && authThrottleMultiplier !== 1) {
    problems.push('AUTH_THROTTLE_MULTIPLIER is for tests and demos: production runs with the real limits (unset it)')
  }

  const e2eTestOverrides = value(env, 'E2E_TEST_OVERRIDES') === '1'
  if (appEnv === 'production' && e2eTestOverrides) {
    problems.push('E2E_TEST_OVERRIDES is for end-to-end tests: production refuses it (unset it)')
  }

  const smtpUrlRaw = value(env, 'SMTP_URL')
  const smtpUrl = smtpUrlRaw ? parseUrl(smtpUrlRaw, ['smtp:', 'smtps:']) : null
  if (smtpUrlRaw && (!smtpUrl || !smtpUrl.hostname)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL with a host')

  const mailFrom = value(env, 'MAIL_FROM') ?? `no-reply@${publicUrl?.hostname ?? 'localhost'}`
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(mailFrom)) problems.push(`MAIL_FROM must be a bare e-mail address (got "${mailFrom}")`)

  const botTokenRaw = value(env, 'TELEGRAM_BOT_TOKEN')
  if (botTokenRaw && !/^\d+:[A-Za-z0-9_-]{20,}$/.test(botTokenRaw)) {
    problems.push('TELEGRAM_BOT_TOKEN must be a bot token as the messenger issues it (digits, a colon, then the secret)')
  }
  if (appEnv === 'production' && botTokenRaw === DEMO_MESSENGER_BOT_TOKEN) {
    problems.push('TELEGRAM_BOT_TOKEN is the public demo token: production needs the real bot token (or none)')
  }
  const messengerBotToken = botTokenRaw ?? (appEnv === 'demo' ? DEMO_MESSENGER_BOT_TOKEN : null)
  const messengerMaxAge = positiveNumber(env, 'TELEGRAM_AUTH_MAX_AGE_SECONDS', MESSENGER_AUTH_MAX_AGE_SEC_DEFAULT, problems)
  const operatorToken = value(env, 'OPERATOR_TOKEN')
  if (operatorToken && operatorToken.length < 32) problems.push('OPERATOR_TOKEN must be at least 32 characters (generate one with `openssl rand -base64 32`)')

  const providers = {} as Record<ProviderKind, string | null>
  for (const kind of PROVIDER_KINDS) {
    const name = value(env, `${kind.toUpperCase()}_PROVIDER`)
    providers[kind] = name ?? (appEnv === 'demo' ? DEMO_DEFAULT_PROVIDERS[kind] : null)
  }

  const config: Config = {
    appEnv,
    port,
    host,
    dataDir,
    databaseUrl,
    databaseSchema,
    redisUrl,
    apiBaseUrl: apiBaseUrl ? apiBaseUrl.href.replace(/\/$/, '') : null,
    publicUrl: publicUrl ? publicUrl.origin : null,
    sessionSecret,
    frameAllowlist,
    redirectAllowlist,
    oauthProviders,
    trustProxy,
    session: { idleTimeoutMs: idleMinutes * 60_000, absoluteTimeoutMs: absoluteHours * 3_600_000 },
    providers,
    authThrottleMultiplier,
    e2eTestOverrides,
    smtpUrl: smtpUrl ? smtpUrlRaw : null,
    mailFrom,
    messenger: { botToken: messengerBotToken, authMaxAgeSec: messengerMaxAge },
    operatorToken,
  }
  problems.push(...demoProviderProblems(config))
  if (problems.length) throw new ConfigError(problems)
  return config
}

/** Production must never run a provider that fakes money, identity or mail. */
export function demoProviderProblems(config: Pick<Config, 'appEnv' | 'providers'>): string[] {
  if (config.appEnv !== 'production') return []
  const problems: string[] = []
  for (const kind of PROVIDER_KINDS) {
    const name = config.providers[kind]
    if (name && DEMO_ONLY_PROVIDERS[kind].includes(name)) {
      problems.push(`${kind.toUpperCase()}_PROVIDER "${name}" is demo-only and cannot run in production`)
    }
  }
  return problems
}

/** The test knobs, or nothing in production whatever the caller passed. */
export function testConfig(config: Config): TestConfig {
  return config.appEnv === 'production' ? {} : (config.test ?? {})
}

export function argon2Cost(config: Config): Argon2Cost {
  return testConfig(config).argon2 ?? ARGON2_PRODUCTION_COST
}

/** AUTH_THROTTLE_MULTIPLIER, or a test's own; always 1 in production. */
export function authThrottleMultiplier(config: Config): number {
  if (config.appEnv === 'production') return 1
  return testConfig(config).authThrottleMultiplier ?? config.authThrottleMultiplier
}

/** Whether the e2e cookies of server/domain/session/idle.ts are read; never in production. */
export function e2eTestOverrides(config: Config): boolean {
  return config.appEnv !== 'production' && config.e2eTestOverrides
}

/** The clock every rule with a time in it reads, so that tests can move time. */
export function clock(config: Config): () => Date {
  return testConfig(config).now ?? (() => new Date())
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]'
}

function positiveNumber(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = value(env, name)
  if (raw === null) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) {
    problems.push(`${name} must be a positive number (got "${raw}")`)
    return fallback
  }
  return n
}

function parseOrigins(env: Env, name: string, appEnv: AppEnv, problems: string[]): string[] {
  const out: string[] = []
  for (const raw of (value(env, name) ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const url = parseUrl(raw, ['http:', 'https:'])
    if (!url || url.origin !== raw.replace(/\/$/, '')) problems.push(`${name} entries must be origins like https://partner.example (got "${raw}")`)
    else if (appEnv === 'production' && url.protocol !== 'https:') problems.push(`${name} entries must use https in production (got "${raw}")`)
    else out.push(url.origin)
  }
  return out
}

/** The id `dev` is the built-in development provider's and cannot be configured. */
export const DEV_OAUTH_PROVIDER_ID = 'dev'

function parseOAuthProviders(env: Env, appEnv: AppEnv, problems: string[]): OAuthProviderConfig[] {
  const providers: OAuthProviderConfig[] = []
  for (const id of (value(env, 'OAUTH_PROVIDERS') ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(id) || id === DEV_OAUTH_PROVIDER_ID) {
      problems.push(`OAUTH_PROVIDERS entries must be ids of lowercase letters, digits and '-', not "${DEV_OAUTH_PROVIDER_ID}" (got "${id}")`)
      continue
    }
    const key = `OAUTH_${id.toUpperCase().replace(/-/g, '_')}_`
    const issuerRaw = value(env, `${key}ISSUER`)
    const issuer = issuerRaw ? parseUrl(issuerRaw, ['https:', 'http:']) : null
    const clientId = value(env, `${key}CLIENT_ID`)
    if (!issuer) problems.push(`${key}ISSUER must be the provider's issuer URL`)
    else if (issuer.protocol !== 'https:' && (appEnv === 'production' || !isLoopback(issuer.hostname))) {
      problems.push(`${key}ISSUER must use https`)
    }
    if (!clientId) problems.push(`${key}CLIENT_ID is required`)
    const discoveryRaw = value(env, `${key}DISCOVERY_URL`)
    const discovery = discoveryRaw ? parseUrl(discoveryRaw, ['https:', 'http:']) : null
    if (discoveryRaw && !discovery) problems.push(`${key}DISCOVERY_URL must be an http(s) URL`)
    if (!issuer || !clientId) continue
    const issuerText = issuerRaw!.replace(/\/$/, '')
    providers.push({
      id,
      name: value(env, `${key}NAME`) ?? id.charAt(0).toUpperCase() + id.slice(1),
      issuer: issuerText,
      discoveryUrl: discovery?.href ?? `${issuerText}/.well-known/openid-configuration`,
      clientId,
      clientSecret: value(env, `${key}CLIENT_SECRET`),
      scopes: value(env, `${key}SCOPES`) ?? 'openid email profile',
    })
  }
  return providers
}

function parseTrustProxy(raw: string | null, problems: string[]): boolean | number | string[] {
  if (raw === null || raw === 'false' || raw === '0') return false
  if (raw === 'true') return true
  if (/^\d+$/.test(raw)) return Number(raw)
  const entries = raw.split(',').map((s) => s.trim()).filter(Boolean)
  const bad = entries.filter((e) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e) && !['loopback', 'linklocal', 'uniquelocal'].includes(e))
  if (bad.length) {
    problems.push(`TRUST_PROXY must be true, false, a hop count, or addresses/CIDRs separated by commas (bad: ${bad.join(', ')})`)
    return false
  }
  return entries
}

/**
 * Reads the settings and fills in the session secret. Without SESSION_SECRET a secret is generated
 * once into DATA_DIR/session-secret (mode 0600) and reused on every start, which is right for the
 * embedded single instance; several instances on PostgreSQL in production must share SESSION_SECRET.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const config = parseConfig(env, cwd)
  if (!config.sessionSecret) config.sessionSecret = readOrCreateSecret(join(config.dataDir, 'session-secret'))
  return config
}

export function readOrCreateSecret(file: string): string {
  try {
    const secret = readFileSync(file, 'utf8').trim()
    if (secret.length >= 32) {
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
      return secret
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  mkdirSync(join(file, '..'), { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  // A file too short to be a secret (hand-edited, truncated) is replaced rather than trusted.
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
