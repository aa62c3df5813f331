import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import { signWalletBody, walletProviderSecret } from './api/wallet'
import { jobLockKey } from './jobs/locks'
import { DEMO_PASSWORD } from './seed/data'
import { TEST_TMPDIR } from './test/harness'
import { clonePostgresTemplate, databaseUrl, dropPostgresClone, TEMPLATE_SCHEMA } from './test/postgres-template'
import { startOwnRedis, testRedisPrefix, type OwnRedis } from './test/redis'
import { ready, readyz, startInstance, stopAll, until, type Instance } from './test/instance-process'
import { freePort } from './test/free-port'

/**
 * Two server processes, as server/main.ts starts them, on two ports and one PostgreSQL database,
 * with and without a Redis between them: what a player sees must not depend on which instance
 * answers, live events reach every instance, and a background job runs on one.
 */

const SECRET = 'two-instances-test-secret-two-instances-test'
const OPERATOR_TOKEN = 'two-instances-operator-token-0123456789'
const here = fileURLToPath(new URL('.', import.meta.url))

/** A socket on /ws with its messages queued. */
class SocketClient {
  readonly messages: { type: string; balances?: { balance_main?: { amount: string } } }[] = []
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as SocketClient['messages'][number]))
  }
  async next(type: string, timeoutMs: number): Promise<SocketClient['messages'][number]> {
    const end = Date.now() + timeoutMs
    for (;;) {
      const index = this.messages.findIndex((m) => m.type === type)
      if (index >= 0) return this.messages.splice(index, 1)[0]!
      if (Date.now() > end) throw new Error(`no ${type} message within ${timeoutMs} ms (${this.ws.readyState === this.ws.OPEN ? 'open' : 'closed'})`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}

for (const mode of ['with Redis', 'without Redis'] as const) {
  describe(`two server instances on one PostgreSQL, ${mode}`, { timeout: 120_000 }, () => {
    let clone: string
    let dataDir: string
    let contentDir: string
    let redis: OwnRedis | null = null
    let redisPrefix = ''
    const instances: Instance[] = []
    const sockets: WebSocket[] = []
    let publicUrl: string

    const start = (port: number): Instance =>
      startInstance(port, {
        APP_ENV: 'demo',
        DATABASE_URL: databaseUrl(clone),
        DATABASE_SCHEMA: TEMPLATE_SCHEMA,
        SESSION_SECRET: SECRET,
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        CONTENT_DIR: contentDir,
        // Content changes only on the operator's call, as in production.
        CONTENT_WATCH: 'off',
        OPERATOR_TOKEN,
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_SECONDS: '2',
        ...(redis ? { REDIS_URL: redis.url, REDIS_PREFIX: redisPrefix } : {}),
      })

    beforeAll(async () => {
      clone = await clonePostgresTemplate(inject('testRun'))
      dataDir = mkdtempSync(join(TEST_TMPDIR, 'casino-instances-'))
      contentDir = join(dataDir, 'content')
      cpSync(join(here, '..', 'content'), contentDir, { recursive: true })
      if (mode === 'with Redis') {
        redis = await startOwnRedis()
        redisPrefix = testRedisPrefix()
      }
      const ports = [await freePort(), await freePort()]
      publicUrl = `http://127.0.0.1:${ports[0]}`
      for (const port of ports) instances.push(start(port))
      await Promise.all(instances.map(ready))
    })

    afterAll(async () => {
      for (const ws of sockets) ws.terminate()
      await stopAll(instances)
      await redis?.kill()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
      if (clone) await dropPostgresClone(clone)
    })

    const origin = () => ({ origin: publicUrl })
    const api = (instance: Instance, path: string) => `http://127.0.0.1:${instance.port}${path}`

    async function login(instance: Instance): Promise<string> {
      const res = await fetch(api(instance, '/api/auth/login?locale=en&v=1'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin() },
        body: new URLSearchParams({ login: 'demo@example.com', password: DEMO_PASSWORD }).toString(),
      })
      expect(res.status).toBe(200)
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
      expect(cookie).not.toBe('')
      return cookie
    }

    async function balanceSocket(instance: Instance, cookie: string): Promise<SocketClient> {
      const res = await fetch(api(instance, '/api/account/getToken?locale=en&v=1'), { headers: { cookie, ...origin() } })
      expect(res.status).toBe(200)
      const { token } = ((await res.json()) as { data: { token: string } }).data
      const ws = new WebSocket(`ws://127.0.0.1:${instance.port}/ws?token=${encodeURIComponent(token)}`, { origin: publicUrl })
      sockets.push(ws)
      const client = new SocketClient(ws)
      await client.next('ready', 15_000)
      await client.next('balance', 15_000)
      return client
    }

    let seq = 0
    async function credit(instance: Instance, playerId: string, amount: string): Promise<void> {
      const payload = JSON.stringify({ transaction_id: `instances-${mode.replace(' ', '-')}-${++seq}`, player_id: playerId, currency: 'USD', amount })
      const res = await fetch(api(instance, '/platform/wallet/acmegames/credit'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signWalletBody(walletProviderSecret({ sessionSecret: SECRET }, 'acmegames'), payload) },
        body: payload,
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }

    async function demoPlayer(): Promise<{ id: string; balance: bigint }> {
      const admin = new pg.Client({ connectionString: databaseUrl(clone), options: `-c search_path=${TEMPLATE_SCHEMA}` })
      await admin.connect()
      try {
        const { rows } = await admin.query<{ id: string; balance: string }>(
          `select a.id::text as id, w.balance::text as balance from accounts a join wallets w on w.player_id = a.id
           where a.login = 'demo@example.com' and w.currency = 'USD' and w.kind = 'main'`,
        )
        return { id: rows[0]!.id, balance: BigInt(rows[0]!.balance) }
      } finally {
        await admin.end()
      }
    }
    const money = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`

    async function reloadContent(instance: Instance): Promise<{ instances: string }> {
      const res = await fetch(api(instance, '/api/operator/reloadContent?v=1'), { method: 'POST', headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, ...origin() } })
      expect(res.status, await res.clone().text()).toBe(200)
      return ((await res.json()) as { data: { instances: string } }).data
    }
    async function bannerTitle(instance: Instance): Promise<string> {
      const res = await fetch(api(instance, '/nfx/cms-config/en'))
      expect(res.status).toBe(200)
      return ((await res.json()) as { banners: { banners: { title: string }[] } }).banners.banners[0]!.title
    }
    let edits = 0
    /** Edits the first banner's title in the content files every instance reads; returns the new title. */
    function editBanner(): string {
      const file = join(contentDir, 'en', 'banners.json')
      const value = JSON.parse(readFileSync(file, 'utf8')) as { banners: { title: string }[] }
      const title = `Edited by the operator ${++edits}`
      value.banners[0]!.title = title
      writeFileSync(file, JSON.stringify(value))
      return title
    }

    it('accepts on one instance a session made by a login on the other', async () => {
      const [a, b] = instances as [Instance, Instance]
      const cookie = await login(a)
      const asPlayer = await fetch(api(b, '/api/account/getInfo?locale=en&v=1'), { headers: { cookie, ...origin() } })
      expect(asPlayer.status).toBe(200)
      expect(await asPlayer.text()).toContain('demo@example.com')
      const asVisitor = await fetch(api(b, '/api/account/getInfo?locale=en&v=1'), { headers: origin() })
      expect(await asVisitor.text()).not.toContain('demo@example.com')
    })

    it('pushes a balance change made through one instance to a socket held by the other within a second', async () => {
      const [a, b] = instances as [Instance, Instance]
      const socket = await balanceSocket(b, await login(b))
      const player = await demoPlayer()
      await credit(a, player.id, '7.25')
      const pushed = await socket.next('balance', 1_000)
      expect(pushed.balances?.balance_main?.amount).toBe(money(player.balance + 725n))
    })

    if (mode === 'with Redis') {
      it('reloads the content on every instance when the operator asks one of them', async () => {
        const [a, b] = instances as [Instance, Instance]
        const title = editBanner()
        expect(await bannerTitle(b)).not.toBe(title)
        expect(await reloadContent(a)).toMatchObject({ instances: 'every instance' })
        expect(await bannerTitle(a)).toBe(title)
        await until('B to reload', b, async () => (await bannerTitle(b)) === title, 5_000)
      })

      it('rides out a Redis restart: sessions, money and sockets hold, the site says degraded meanwhile, and live events cross again after', async () => {
        const [a, b] = instances as [Instance, Instance]
        const cookie = await login(a)
        const socket = await balanceSocket(b, cookie)
        const player = await demoPlayer()

        await redis!.kill()
        await until('A to say degraded', a, async () => (await readyz(a))?.body.status === 'degraded')
        const degraded = (await readyz(a))!
        expect(degraded.status).toBe(200)
        expect(degraded.body.checks.redis).toMatch(/^unreachable \(ECONNREFUSED\): live events reach this instance only$/)
        // Redis down changes nothing a player owns: the session answers, money moves, the socket hears it.
        expect((await fetch(api(b, '/api/account/getInfo?locale=en&v=1'), { headers: { cookie, ...origin() } })).status).toBe(200)
        await credit(a, player.id, '1.00')
        expect((await socket.next('balance', 1_000)).balances?.balance_main?.amount).toBe(money(player.balance + 100n))
        // A reload meanwhile reaches the instance asked, and says so.
        expect(await reloadContent(a)).toMatchObject({ instances: 'this instance' })

        await redis!.start()
        await Promise.all(instances.map(ready))
        const title = editBanner()
        expect(await reloadContent(b)).toMatchObject({ instances: 'every instance' })
        await until('A to reload after the restart', a, async () => (await bannerTitle(a)) === title, 5_000)
        expect((await fetch(api(a, '/api/account/getInfo?locale=en&v=1'), { headers: { cookie, ...origin() } })).status).toBe(200)
        expect((await demoPlayer()).balance).toBe(player.balance + 100n)
      })
    } else {
      it('reloads the content only on the instance asked, and says so', async () => {
        const [a, b] = instances as [Instance, Instance]
        const before = await bannerTitle(b)
        const title = editBanner()
        expect(await reloadContent(a)).toMatchObject({ instances: 'this instance' })
        expect(await bannerTitle(a)).toBe(title)
        expect(await bannerTitle(b)).toBe(before)
      })
    }

    it('runs the payout sweep on one instance only, and the log says which', () => {
      const taken = instances.map((i) => i.logs.filter((l) => l.job === 'payout-retries' && l.msg === 'job lock taken: this instance runs the job'))
      expect(taken.map((t) => t.length).sort()).toEqual([0, 1])
      const holder = instances[taken.findIndex((t) => t.length === 1)]!
      expect(taken.flat()[0]!.instance).toBe(`${holder.logs.find((l) => typeof l.hostname === 'string')!.hostname as string}:${holder.proc.pid}`)
    })

    it('on SIGTERM the holder exits cleanly and frees the job lock for the other instance', async () => {
      const taken = (i: Instance) => i.logs.some((l) => l.job === 'payout-retries' && l.msg === 'job lock taken: this instance runs the job')
      const holderIndex = instances.findIndex(taken)
      const holder = instances[holderIndex]!
      const other = instances[1 - holderIndex]!
      holder.proc.kill('SIGTERM')
      expect(await holder.exited).toBe(0)
      expect(holder.logs.some((l) => l.job === 'payout-retries' && l.msg === 'job lock released')).toBe(true)
      // Free now (the other instance asks at its next sweep tick, up to 30 s away; runner.test.ts times takeovers).
      const admin = new pg.Client({ connectionString: databaseUrl(clone) })
      await admin.connect()
      try {
        const key = jobLockKey(TEMPLATE_SCHEMA, 'payout-retries').toString()
        const { rows } = await admin.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [key])
        expect(rows[0]!.ok || taken(other)).toBe(true)
      } finally {
        await admin.end()
      }
      expect((await fetch(`http://127.0.0.1:${other.port}/readyz`)).status).toBe(200)
    })
  })
}
