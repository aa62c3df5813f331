import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { coerce, define, object, optional, string, validate, type Struct } from 'superstruct'

/**
 * Server settings, read once from the environment at start. Every setting has a default that gives
 * a newcomer a working demo (`npm start`), and every value is checked here so that a wrong one
 * stops the process with a message naming the variable instead of failing later in a request.
 */

export type AppEnv = 'demo' | 'staging' | 'production'
export const APP_ENVS: readonly AppEnv[] = ['demo', 'staging', 'production']

/** pino's levels, for LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * Kinds of external provider the product talks to, and the name each one is configured with.
 * Chosen through `<KIND>_PROVIDER` variables (PAYMENT_PROVIDER, KYC_PROVIDER, MAIL_PROVIDER,
 * SMS_PROVIDER, IDENTITY_PROVIDER). Demo picks the sandbox of each kind; staging and production pick none unless told.
 */
export const PROVIDER_KINDS = ['payment', 'kyc', 'mail', 'sms', 'identity'] as const
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
  sms: ['devoutbox'],
  identity: ['dev'],
}

const DEMO_DEFAULT_PROVIDERS: Readonly<Record<ProviderKind, string>> = {
  payment: 'sandbox',
  kyc: 'sandbox',
  mail: 'devmailbox',
  sms: 'devoutbox',
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

/** A Sumsub-shaped KYC vendor (server/domain/kyc/sumsub/provider.ts). */
export interface SumsubConfig {
  /** SUMSUB_BASE_URL: its REST API (default https://api.sumsub.com). */
  baseUrl: string
  /** SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY: every request is signed with them. */
  appToken: string
  secretKey: string
  /** SUMSUB_WEBHOOK_SECRET: the key of its webhooks' payload digest. */
  webhookSecret: string
  /** SUMSUB_LEVEL_NAME: the verification level applicants are made at (default basic-kyc-level). */
  levelName: string
  /** SUMSUB_WEBSDK_URL: the web SDK's script, loaded by our host page (/kyc/sdk/sumsub). */
  webSdkUrl: string
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
  /** CONTENT_DIR, absolute: the content pages and settings an operator edits (`<locale>/pages/<slug>.json`). */
  contentDir: string
  /**
   * CONTENT_WATCH (on/off; on by default in APP_ENV demo, off otherwise): every request first looks
   * for changed content files and reloads them, so an edit shows on the next request. Off, the
   * content changes only on the operator's reload call (POST /api/operator/reloadContent).
   */
  contentWatch: boolean
  /**
   * CONTENT_API_URL with CONTENT_API_IDENTIFIER and CONTENT_API_PASSWORD: read the content from a
   * headless CMS (server/domain/content/cms-backend.ts) instead of CONTENT_DIR. Null: the files.
   */
  contentApi: { url: string; identifier: string; password: string } | null
  /** LOG_LEVEL; null: `info`, or `debug` under `--dev` (server/main.ts). */
  logLevel: LogLevel | null
  /** PostgreSQL connection string; null means the embedded PGlite database in dataDir. */
  databaseUrl: string | null
  /** Schema to use on PostgreSQL (search_path); null means the server's default. */
  databaseSchema: string | null
  redisUrl: string | null
  /**
   * REDIS_PREFIX: put before every Redis channel this site uses, so that several sites (or a test
   * run) can share one Redis; pub/sub ignores the database number. Default `casino:` and, with
   * DATABASE_SCHEMA, the schema (`casino:<schema>:`): instances of one site must agree on it.
   */
  redisPrefix: string
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
  /**
   * IMAGE_ALLOWLIST: origins the /_ipx proxy and the external SVG icons may fetch from; images in
   * our own storage (public/, DATA_DIR/media) need no entry.
   */
  imageAllowlist: string[]
  /** OAUTH_PROVIDERS and their OAUTH_<ID>_* settings. */
  oauthProviders: OAuthProviderConfig[]
  /** As Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string[]
  session: { idleTimeoutMs: number; absoluteTimeoutMs: number }
  /** SHUTDOWN_GRACE_SECONDS: on SIGTERM, how long requests in flight may take before their connections are cut (server/shutdown.ts). */
  shutdownGraceMs: number
  providers: Record<ProviderKind, string | null>
  /**
   * Web push (docs/push.md). VAPID_PRIVATE_KEY: the application server's P-256 private key, base64url
   * (null: derived from SESSION_SECRET, so rotating that rotates it and browsers subscribe again).
   * PUSH_ENDPOINT_ALLOWLIST: the push services' hosts a subscription's endpoint may name (an
   * endpoint is a URL our server POSTs to, so no other host is taken); `*.` matches subdomains.
   */
  push: { vapidPrivateKey: string | null; endpointHosts: string[] }
  /** KYC_PROVIDER=sumsub: its API, credentials and web SDK (SUMSUB_*); null otherwise. */
  sumsub: SumsubConfig | null
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
   * SPORTSBOOK_FEED: where the sportsbook's fixtures, prices and results come from. `simulator`
   * (the default) runs the built-in feed on the one instance holding its lock; `off` runs none, for
   * an operator whose own feed writes through the adapter (server/domain/sportsbook/feed.ts).
   */
  sportsbookFeed: 'simulator' | 'off'
  /**
   * SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465.
   * Null: mail is written to the outbox table only (and shown at /dev/mailbox outside production).
   */
  smtpUrl: string | null
  /** MAIL_FROM: the sender address of every mail. */
  mailFrom: string
  /** SUPPORT_EMAIL: where the support page's feedback is mailed (default support@ the site's host). */
  supportEmail: string
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
  /**
   * HTML_CACHE: seconds a visitor's rendered page (no session cookie) is served again to the same
   * URL and cookies (server/http/html-cache.ts); 0 turns the cache off. A settings or content
   * change clears it.
   */
  htmlCacheSeconds: number
  test?: TestConfig
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

// ---------------------------------------------------------------------------------------------
// The settings as a superstruct schema: one entry a variable. Each variable's text is trimmed
// (empty counts as unset), read into its value or refused, and superstruct walks the whole
// schema, so every bad variable is reported at once. A refusal's message starts with the
// variable's name and says the rule ("PORT must be a whole number from 0 to 65535 (got ...)").

/** What is wrong with a variable, said after its name: "must be ...", "is required ...". */
class Refusal {
  constructor(readonly problems: readonly string[]) {}
}
const refuse = (...problems: string[]) => new Refusal(problems)

/** How a variable's text becomes its value, or a refusal. */
type Reader<T> = (text: string) => T | Refusal

/**
 * One environment variable: its trimmed text is read by `read`; `fallback` stands in when it is
 * unset (a Refusal there makes the variable required), null when none is given.
 */
function variable<T>(read: Reader<T>, fallback: T | Refusal): Struct<T, null>
function variable<T>(read: Reader<T>): Struct<T | null, null>
function variable<T>(read: Reader<T>, fallback: T | Refusal | null = null): Struct<T | null, null> {
  const checked = define<T | null>('setting', (value, context) =>
    value instanceof Refusal ? value.problems.map((problem) => `${String(context.path.at(-1))} ${problem}`) : true,
  )
  return coerce(checked, optional(string()), (raw: string | undefined) => {
    const text = raw?.trim()
    return text ? read(text) : fallback
  })
}

/** `read`, then `check` on what it read (which may refuse it too). */
function then<T, U>(read: Reader<T>, check: (value: T, text: string) => U | Refusal): Reader<U> {
  return (text) => {
    const value = read(text)
    return value instanceof Refusal ? value : check(value, text)
  }
}

const text: Reader<string> = (t) => t

function oneOf<T extends string>(values: readonly T[]): Reader<T> {
  return (t) => ((values as readonly string[]).includes(t) ? (t as T) : refuse(`must be one of ${values.join(', ')} (got "${t}")`))
}

function matching(pattern: RegExp, problem: string | ((t: string) => string)): Reader<string> {
  return (t) => (pattern.test(t) ? t : refuse(typeof problem === 'string' ? problem : problem(t)))
}

function atLeast(length: number, problem: string): Reader<string> {
  return (t) => (t.length >= length ? t : refuse(problem))
}

function url(protocols: readonly string[], problem: string): Reader<URL> {
  return (t) => {
    try {
      const parsed = new URL(t)
      if (protocols.includes(parsed.protocol)) return parsed
    } catch {
      // refused below
    }
    return refuse(problem)
  }
}

const HTTP = ['http:', 'https:'] as const

/** A URL checked for its scheme, kept as the operator wrote it. */
const urlText = (protocols: readonly string[], problem: string): Reader<string> => then(url(protocols, problem), (_url, t) => t)

const positive: Reader<number> = (t) => {
  const n = Number(t)
  return Number.isFinite(n) && n > 0 ? n : refuse(`must be a positive number (got "${t}")`)
}

const port: Reader<number> = (t) => (/^\d+$/.test(t) && Number(t) <= 65535 ? Number(t) : refuse(`must be a whole number from 0 to 65535 (got "${t}")`))

const commaList = (t: string) => t.split(',').map((s) => s.trim()).filter(Boolean)

/** Origins like https://partner.example, separated by commas; https only in production. */
function origins(production: boolean): Reader<string[]> {
  return (t) => {
    const out: string[] = []
    const problems: string[] = []
    for (const raw of commaList(t)) {
      const parsed = url(HTTP, '')(raw)
      if (parsed instanceof Refusal || parsed.origin !== raw.replace(/\/$/, '')) problems.push(`entries must be origins like https://partner.example (got "${raw}")`)
      else if (production && parsed.protocol !== 'https:') problems.push(`entries must use https in production (got "${raw}")`)
      else out.push(parsed.origin)
    }
    return problems.length ? new Refusal(problems) : out
  }
}

/** As Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs. */
const trustProxy: Reader<boolean | number | string[]> = (t) => {
  if (t === 'false' || t === '0') return false
  if (t === 'true') return true
  if (/^\d+$/.test(t)) return Number(t)
  const entries = commaList(t)
  const bad = entries.filter((e) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e) && !['loopback', 'linklocal', 'uniquelocal'].includes(e))
  return bad.length ? refuse(`must be true, false, a hop count, or addresses/CIDRs separated by commas (bad: ${bad.join(', ')})`) : entries
}

/** The id `dev` is the built-in development provider's and cannot be configured. */
export const DEV_OAUTH_PROVIDER_ID = 'dev'

const OAUTH_ID = /^[a-z][a-z0-9-]{0,31}$/
const oauthIds = (t: string) => commaList(t).map((id) => id.toLowerCase())
const isOAuthId = (id: string) => OAUTH_ID.test(id) && id !== DEV_OAUTH_PROVIDER_ID
/** The prefix of a provider's own variables: OAUTH_<ID>_. */
const oauthPrefix = (id: string) => `OAUTH_${id.toUpperCase().replace(/-/g, '_')}_`

const oauthProviderList: Reader<string[]> = (t) => {
  const ids = oauthIds(t)
  const bad = ids.filter((id) => !isOAuthId(id))
  return bad.length
    ? new Refusal(bad.map((id) => `entries must be ids of lowercase letters, digits and '-', not "${DEV_OAUTH_PROVIDER_ID}" (got "${id}")`))
    : ids
}

/** The schema's parts that depend on the deployment: read from the environment before the rest. */
interface Deployment {
  production: boolean
  /** SESSION_SECRET must be given: several instances on one PostgreSQL share it. */
  sessionSecretRequired: boolean
  /** The well-formed ids in OAUTH_PROVIDERS, whose OAUTH_<ID>_* variables the schema then reads. */
  oauthIds: string[]
}

/** The variables of one listed OpenID provider, all text (or null) once read. */
function oauthProviderSchema(id: string, production: boolean): Record<string, Struct<string | null, null>> {
  const key = oauthPrefix(id)
  const setting = (read: Reader<string>, fallback: string | Refusal | null = null) => variable<string | null>(read, fallback)
  const issuer = then(url(HTTP, "must be the provider's issuer URL"), (parsed, t) =>
    parsed.protocol !== 'https:' && (production || !isLoopback(parsed.hostname)) ? refuse('must use https') : t.replace(/\/$/, ''),
  )
  return {
    [`${key}ISSUER`]: setting(issuer, refuse("must be the provider's issuer URL")),
    [`${key}CLIENT_ID`]: setting(text, refuse('is required')),
    [`${key}DISCOVERY_URL`]: setting(then(url(HTTP, 'must be an http(s) URL'), (parsed) => parsed.href)),
    [`${key}NAME`]: setting(text),
    [`${key}CLIENT_SECRET`]: setting(text),
    [`${key}SCOPES`]: setting(text, 'openid email profile'),
  }
}

function providerVariable(kind: ProviderKind, production: boolean) {
  return variable((t) => (production && DEMO_ONLY_PROVIDERS[kind].includes(t) ? refuse(`"${t}" is demo-only and cannot run in production`) : t))
}

function settingsSchema({ production, sessionSecretRequired, oauthIds }: Deployment) {
  const oauthVariables: Record<string, Struct<string | null, null>> = Object.assign({}, ...oauthIds.map((id) => oauthProviderSchema(id, production)))
  return object({
    APP_ENV: variable(oneOf(APP_ENVS), 'demo'),
    PORT: variable(port, 3000),
    HOST: variable(text, '0.0.0.0'),
    DATA_DIR: variable(text, './data'),
    CONTENT_DIR: variable(text, './content'),
    CONTENT_API_URL: variable(then(url(HTTP, 'must be an http:// or https:// URL'), (parsed) => parsed.href.replace(/\/$/, ''))),
    CONTENT_API_IDENTIFIER: variable(text),
    CONTENT_API_PASSWORD: variable(text),
    CONTENT_WATCH: variable((t) => (t === 'on' ? true : t === 'off' ? false : refuse(`must be on or off (got "${t}")`))),
    LOG_LEVEL: variable(oneOf(LOG_LEVELS)),
    DATABASE_URL: variable(urlText(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// connection string')),
    DATABASE_SCHEMA: variable(matching(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase SQL identifier (letters, digits, _)')),
    REDIS_URL: variable(urlText(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL')),
    REDIS_PREFIX: variable(matching(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . : -')),
    API_BASE_URL: variable(then(url(HTTP, 'must be an http:// or https:// URL'), (parsed) => parsed.href.replace(/\/$/, ''))),
    PUBLIC_URL: variable(
      then(url(HTTP, 'must be an http:// or https:// URL'), (parsed) =>
        production && parsed.protocol === 'http:' && !isLoopback(parsed.hostname) ? refuse('must use https in production') : parsed,
      ),
    ),
    SESSION_SECRET: variable(
      atLeast(32, 'must be at least 32 characters'),
      sessionSecretRequired
        ? refuse('is required in production with DATABASE_URL: every instance must share it (generate one with `openssl rand -base64 48`)')
        : null,
    ),
    FRAME_ALLOWLIST: variable(origins(production), []),
    REDIRECT_ALLOWLIST: variable(origins(production), []),
    IMAGE_ALLOWLIST: variable(origins(production), []),
    OAUTH_PROVIDERS: variable(oauthProviderList, []),
    ...oauthVariables,
    TRUST_PROXY: variable(trustProxy, false),
    SESSION_IDLE_MINUTES: variable(positive, 30),
    SHUTDOWN_GRACE_SECONDS: variable(positive, 10),
    SESSION_ABSOLUTE_HOURS: variable(positive, 12),
    AUTH_THROTTLE_MULTIPLIER: variable(
      then(positive, (n) => (production && n !== 1 ? refuse('is for tests and demos: production runs with the real limits (unset it)') : n)),
      1,
    ),
    E2E_TEST_OVERRIDES: variable((t) => (production && t === '1' ? refuse('is for end-to-end tests: production refuses it (unset it)') : t === '1'), false),
    SPORTSBOOK_FEED: variable(oneOf(['simulator', 'off'] as const), 'simulator'),
    SMTP_URL: variable(
      then(url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL with a host'), (parsed, t) =>
        parsed.hostname ? t : refuse('must be an smtp:// or smtps:// URL with a host'),
      ),
    ),
    MAIL_FROM: variable(matching(/^[^\s@<>"]+@[^\s@<>"]+$/, (t) => `must be a bare e-mail address (got "${t}")`)),
    SUPPORT_EMAIL: variable(matching(/^[^\s@<>"]+@[^\s@<>"]+$/, (t) => `must be a bare e-mail address (got "${t}")`)),
    TELEGRAM_BOT_TOKEN: variable(
      then(matching(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token as the messenger issues it (digits, a colon, then the secret)'), (t) =>
        production && t === DEMO_MESSENGER_BOT_TOKEN ? refuse('is the public demo token: production needs the real bot token (or none)') : t,
      ),
    ),
    TELEGRAM_AUTH_MAX_AGE_SECONDS: variable(positive, MESSENGER_AUTH_MAX_AGE_SEC_DEFAULT),
    HTML_CACHE: variable(
      (t) => (/^\d{1,2}$/.test(t) && Number(t) <= 60 ? Number(t) : refuse(`must be a whole number of seconds from 0 (off) to 60 (got "${t}")`)),
      3,
    ),
    OPERATOR_TOKEN: variable(atLeast(32, 'must be at least 32 characters (generate one with `openssl rand -base64 32`)')),
    PAYMENT_PROVIDER: providerVariable('payment', production),
    KYC_PROVIDER: providerVariable('kyc', production),
    VAPID_PRIVATE_KEY: variable(matching(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key: 32 bytes, base64url (43 characters)')),
    PUSH_ENDPOINT_ALLOWLIST: variable(
      (t) => {
        const hosts = t.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)
        const bad = hosts.find((h) => !/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(h))
        return bad ? refuse(`must be host names separated by commas, *.example.com for subdomains (got "${bad}")`) : hosts
      },
      ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'],
    ),
    SUMSUB_BASE_URL: variable(then(url(HTTP, 'must be an http:// or https:// URL'), (parsed) => parsed.href.replace(/\/$/, '')), 'https://api.sumsub.com'),
    SUMSUB_APP_TOKEN: variable(text),
    SUMSUB_SECRET_KEY: variable(atLeast(16, 'must be the secret key Sumsub issued with the app token')),
    SUMSUB_WEBHOOK_SECRET: variable(atLeast(16, 'must be the webhooks secret key set in Sumsub')),
    SUMSUB_LEVEL_NAME: variable(matching(/^[A-Za-z0-9 _.-]{1,64}$/, 'must be a level name (letters, digits, space, _ . -)'), 'basic-kyc-level'),
    SUMSUB_WEBSDK_URL: variable(then(url(HTTP, 'must be an http:// or https:// URL'), (parsed) => parsed.href), 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js'),
    MAIL_PROVIDER: providerVariable('mail', production),
    SMS_PROVIDER: providerVariable('sms', production),
    IDENTITY_PROVIDER: providerVariable('identity', production),
  })
}

/** Reads and checks every setting. Pure: touches no file, so it can be tested with a plain object. */
export function parseConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const raw = (name: string) => env[name]?.trim() || null
  const production = raw('APP_ENV') === 'production'
  const deployment: Deployment = {
    production,
    sessionSecretRequired: production && raw('DATABASE_URL') !== null,
    oauthIds: oauthIds(raw('OAUTH_PROVIDERS') ?? '').filter(isOAuthId),
  }
  // mask: the rest of the environment (PATH, HOME...) is none of the schema's business.
  const [error, s] = validate(env, settingsSchema(deployment), { coerce: true, mask: true })
  if (error) throw new ConfigError(error.failures().map((failure) => failure.message))

  if (s.CONTENT_API_URL && (!s.CONTENT_API_IDENTIFIER || !s.CONTENT_API_PASSWORD)) {
    throw new ConfigError(['CONTENT_API_URL needs CONTENT_API_IDENTIFIER and CONTENT_API_PASSWORD (the content API account the server signs in with)'])
  }
  const appEnv = s.APP_ENV
  const setting = (name: string) => (s as Record<string, unknown>)[name] as string | null
  const providers = {} as Record<ProviderKind, string | null>
  for (const kind of PROVIDER_KINDS) providers[kind] = s[`${kind.toUpperCase()}_PROVIDER` as 'PAYMENT_PROVIDER'] ?? (appEnv === 'demo' ? DEMO_DEFAULT_PROVIDERS[kind] : null)
  let sumsub: SumsubConfig | null = null
  if (providers.kyc === 'sumsub') {
    const missing = (['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] as const).filter((name) => !s[name])
    if (missing.length) throw new ConfigError([`KYC_PROVIDER=sumsub needs ${missing.join(', ')}`])
    sumsub = {
      baseUrl: s.SUMSUB_BASE_URL,
      appToken: s.SUMSUB_APP_TOKEN!,
      secretKey: s.SUMSUB_SECRET_KEY!,
      webhookSecret: s.SUMSUB_WEBHOOK_SECRET!,
      levelName: s.SUMSUB_LEVEL_NAME,
      webSdkUrl: s.SUMSUB_WEBSDK_URL,
    }
  }

  return {
    appEnv,
    port: s.PORT,
    host: s.HOST,
    dataDir: isAbsolute(s.DATA_DIR) ? s.DATA_DIR : resolve(cwd, s.DATA_DIR),
    contentDir: resolve(cwd, s.CONTENT_DIR),
    contentWatch: s.CONTENT_WATCH ?? appEnv === 'demo',
    contentApi: s.CONTENT_API_URL ? { url: s.CONTENT_API_URL, identifier: s.CONTENT_API_IDENTIFIER ?? '', password: s.CONTENT_API_PASSWORD ?? '' } : null,
    logLevel: s.LOG_LEVEL,
    databaseUrl: s.DATABASE_URL,
    databaseSchema: s.DATABASE_SCHEMA,
    redisUrl: s.REDIS_URL,
    redisPrefix: s.REDIS_PREFIX ?? `casino:${s.DATABASE_SCHEMA ? `${s.DATABASE_SCHEMA}:` : ''}`,
    apiBaseUrl: s.API_BASE_URL,
    publicUrl: s.PUBLIC_URL?.origin ?? null,
    sessionSecret: s.SESSION_SECRET,
    frameAllowlist: s.FRAME_ALLOWLIST,
    redirectAllowlist: s.REDIRECT_ALLOWLIST,
    imageAllowlist: s.IMAGE_ALLOWLIST,
    oauthProviders: s.OAUTH_PROVIDERS.map((id) => {
      const key = oauthPrefix(id)
      const issuer = setting(`${key}ISSUER`)!
      return {
        id,
        name: setting(`${key}NAME`) ?? id.charAt(0).toUpperCase() + id.slice(1),
        issuer,
        discoveryUrl: setting(`${key}DISCOVERY_URL`) ?? `${issuer}/.well-known/openid-configuration`,
        clientId: setting(`${key}CLIENT_ID`)!,
        clientSecret: setting(`${key}CLIENT_SECRET`),
        scopes: setting(`${key}SCOPES`)!,
      }
    }),
    trustProxy: s.TRUST_PROXY,
    session: { idleTimeoutMs: s.SESSION_IDLE_MINUTES * 60_000, absoluteTimeoutMs: s.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    shutdownGraceMs: s.SHUTDOWN_GRACE_SECONDS * 1_000,
    providers,
    push: { vapidPrivateKey: s.VAPID_PRIVATE_KEY, endpointHosts: s.PUSH_ENDPOINT_ALLOWLIST },
    sumsub,
    authThrottleMultiplier: s.AUTH_THROTTLE_MULTIPLIER,
    e2eTestOverrides: s.E2E_TEST_OVERRIDES,
    sportsbookFeed: s.SPORTSBOOK_FEED,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM ?? `no-reply@${s.PUBLIC_URL?.hostname ?? 'localhost'}`,
    supportEmail: s.SUPPORT_EMAIL ?? `support@${s.PUBLIC_URL?.hostname ?? 'localhost'}`,
    messenger: { botToken: s.TELEGRAM_BOT_TOKEN ?? (appEnv === 'demo' ? DEMO_MESSENGER_BOT_TOKEN : null), authMaxAgeSec: s.TELEGRAM_AUTH_MAX_AGE_SECONDS },
    operatorToken: s.OPERATOR_TOKEN,
    htmlCacheSeconds: s.HTML_CACHE,
  }
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
