// How a path of the two-factor set-up model is played on the real site (e2e/models/journeys.ts):
// the model's events as the player's gestures and the server's answers, its states as checks of
// what the player sees in the security section of /profile/security. The set-up's calls are held
// until the path says the server answered, so the busy buttons can be seen; the real answer is then
// compared with the model's. The clipboard is held the same way (the page's writeText waits for
// the path's 'done.copyCodes'), so 'Copy codes' can be seen busy. The secret and the recovery
// codes are the server's: the gestures keep what the page shows and type codes computed from it
// (RFC 6238, the server's own implementation).
import { expect, type Page, type Request } from '@playwright/test'
import { groupSecret } from '../../src/machines/profile/two-factor-setup/two-factor-setup.rules'
import { selectTwoFactorDataState, type TwoFactorSetupSnapshot } from '../../src/machines/profile/two-factor-setup/two-factor-setup.selectors'
import type { TwoFactorSetupEvent } from '../../src/machines/profile/two-factor-setup/two-factor-setup.types'
import { base32Decode, totp } from '../../server/domain/auth/totp'
import { registerLoggedInPlayer } from '../accounts'
import { answerCode, apiCall, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { CODE, leavesOf, PASSWORD, WORLD_PASSWORD, type TwoFactorAnswer, type TwoFactorLeaf } from './two-factor-setup.paths'

const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef'
const STEP_MS = 30_000

// ── the world ────────────────────────────────────────────────────────────────

/** What the journey learns from the page: the secret it shows and the recovery codes. */
export interface TwoFactorWorld {
  readonly login: string
  secret: string | null
  recoveryCodes: string[]
}

/** A new player with two-factor off, logged in through the API: the page's context holds the session. */
export async function prepareTwoFactorPlayer(page: Page, baseURL: string): Promise<TwoFactorWorld> {
  const { email } = await registerLoggedInPlayer(page.request, baseURL, 'twofa-model', WORLD_PASSWORD)
  // The recovery codes are read back from the clipboard after 'Copy codes'.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  return { login: email, secret: null, recoveryCodes: [] }
}

async function operator(page: Page, call: string, form: Record<string, string>) {
  const res = await page.request.post(`/api/operator/${call}`, { form, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
  expect(res.ok(), await res.text()).toBe(true)
}

/** An account call made by the player's session outside the page (another tab, as it were). */
async function accountCall(page: Page, baseURL: string, name: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await page.request.post(`/api/account/${name}`, { form, headers: { origin: baseURL } })
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { data: Record<string, unknown> }).data
}

/**
 * CODE.stale's world: in another tab the player started a set-up of their own (which replaced the
 * page's pending secret), confirmed it, and turned two-factor off again with a recovery code. The
 * page's set-up is then gone: nothing is pending any more.
 */
async function finishSetupElsewhere(page: Page, baseURL: string) {
  const started = await accountCall(page, baseURL, 'changeTwoFactorAuth', { enable: '1', password: WORLD_PASSWORD })
  const secret = (started['pending'] as { secret: string }).secret
  const confirmed = await accountCall(page, baseURL, 'confirmTwoFactorAuth', { code: totp(base32Decode(secret), Date.now()) })
  await accountCall(page, baseURL, 'changeTwoFactorAuth', { enable: '0', code: (confirmed['recovery_codes'] as string[])[0]! })
}

/** Six digits no step of the secret around now has (the server looks back ten steps for 'expired'). */
function wrongCode(secret: string, now: number): string {
  const key = base32Decode(secret)
  const taken = new Set(Array.from({ length: 14 }, (_, i) => totp(key, now + (i - 11) * STEP_MS)))
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0')
    if (!taken.has(code)) return code
  }
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'change' | 'confirm'
const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  // enable=1 (start) and enable=0 (disable): the machine has one of them on its way at a time.
  change: apiCall('POST', '/api/account/changeTwoFactorAuth'),
  confirm: apiCall('POST', '/api/account/confirmTwoFactorAuth'),
}
export type TwoFactorServer = ServerGate<Held>
export const installServer = (page: Page): Promise<TwoFactorServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['change', 'confirm'])

/**
 * The page's clipboard, held: writeText waits until the path says it answered, then writes. Installed
 * before the page loads.
 */
export async function holdClipboard(page: Page) {
  await page.addInitScript(() => {
    const clipboard = navigator.clipboard
    if (!clipboard) return
    const write = clipboard.writeText.bind(clipboard)
    const held: (() => void)[] = []
    ;(window as unknown as { __e2eClipboard: unknown }).__e2eClipboard = { held: () => held.length, release: () => held.shift()?.() }
    clipboard.writeText = (text: string) => new Promise<void>((resolve, reject) => held.push(() => void write(text).then(resolve, reject)))
  })
}

interface HeldClipboard {
  held: () => number
  release: () => void
}

// ── the page ─────────────────────────────────────────────────────────────────

export class TwoFactorModel {
  constructor(
    readonly page: Page,
    readonly baseURL: string,
    readonly world: TwoFactorWorld,
  ) {}
  get section() {
    return this.page.getByTestId('twofa-setup')
  }
  get status() {
    return this.section.getByTestId('twofa-status')
  }
  get alert() {
    return this.section.getByTestId('twofa-setup-alert')
  }
  get password() {
    return this.section.locator('input[name=password]')
  }
  get code() {
    return this.section.locator('input[name=code]')
  }
  /** The player's copy of the secret, as the server made it. */
  get secret(): string {
    if (!this.world.secret) throw new Error('the journey types a code before the page showed a secret')
    return this.world.secret
  }
  /** A model password as the player types it. */
  typedPassword(value: string): string {
    return value === PASSWORD.banned ? WORLD_PASSWORD : value
  }
}

export interface JourneyContext {
  readonly see: TwoFactorModel
  readonly server: TwoFactorServer
  /** The value last typed into the code field, as the page has it (codes are computed at the gesture). */
  typedCode: string
}

// ── gestures ─────────────────────────────────────────────────────────────────

async function typeCode(page: Page, code: string, journey: JourneyContext) {
  const { see } = journey
  const now = Date.now()
  let typed: string
  switch (code) {
    case CODE.live:
      typed = totp(base32Decode(see.secret), now)
      break
    case CODE.wrong:
      typed = wrongCode(see.secret, now)
      break
    case CODE.expired:
      // Six steps ago: the middle of the server's look-back for 'expired' (two to ten steps).
      typed = totp(base32Decode(see.secret), now - 6 * STEP_MS)
      break
    case CODE.stale:
      await finishSetupElsewhere(page, see.baseURL)
      typed = totp(base32Decode(see.secret), now)
      break
    case CODE.recovery:
      typed = see.world.recoveryCodes[0] ?? ''
      expect(typed, 'the journey saw the recovery codes').not.toBe('')
      break
    default:
      typed = code
  }
  journey.typedCode = typed
  await see.code.fill(typed)
}

export const PLAYER_GESTURES = {
  'twofa.enable': (_page, _event, { see }) => see.section.getByTestId('twofa-enable').click(),
  'twofa.cancel': (_page, _event, { see }) => see.section.getByRole('button', { name: 'Cancel' }).click(),
  'twofa.password.change': (_page, event, { see }) => see.password.fill(see.typedPassword(event.value)),
  'twofa.password.submit': (_page, _event, { see }) => see.section.getByTestId('twofa-continue').click(),
  'twofa.code.change': (page, event, journey) => typeCode(page, event.code, journey),
  'twofa.confirm': (_page, _event, { see }) => see.section.getByTestId('twofa-turn-on').click(),
  'twofa.codes.copy': (_page, _event, { see }) => see.section.getByTestId('twofa-copy').click(),
  'twofa.codes.done': (_page, _event, { see }) => see.section.getByTestId('twofa-codes-done').click(),
  'twofa.disable': (_page, _event, { see }) => see.section.getByTestId('twofa-disable').click(),
  'twofa.disable.submit': (_page, _event, { see }) => see.section.getByTestId('twofa-turn-off').click(),
} satisfies GestureTable<TwoFactorSetupEvent, JourneyContext>

const codeOf = (output: { ok: true } | { ok: false; error: { code: unknown } }) => (output.ok ? 'ok' : output.error.code)
const dataOf = (body: unknown) => (body as { data?: Record<string, unknown> } | null)?.data ?? {}

export const ANSWER_GESTURES = {
  'xstate.done.actor.startSetup': async (page, event, { see, server }) => {
    // The operator bans the player while the call is on its way: the server reads it banned.
    if (!event.output.ok && event.output.error.type === 'UserBannedException') await operator(page, 'banPlayer', { login: see.world.login, ban_type: 'fraud' })
    const { status, body } = await server.release('change')
    expect(answerCode(status, body), 'the server answers changeTwoFactorAuth as the model expects').toBe(codeOf(event.output))
    if (event.output.ok) {
      const pending = dataOf(body)['pending'] as { secret: string }
      expect(pending.secret, 'a base32 secret').toMatch(/^[A-Z2-7]{32}$/)
      see.world.secret = pending.secret
    }
  },
  'xstate.done.actor.confirmSetup': async (_page, event, { see, server }) => {
    const { status, body } = await server.release('confirm')
    expect(answerCode(status, body), 'the server answers confirmTwoFactorAuth as the model expects').toBe(codeOf(event.output))
    if (event.output.ok) {
      const codes = dataOf(body)['recovery_codes'] as string[]
      expect(codes, 'ten recovery codes, as the model has them').toHaveLength(event.output.recoveryCodes.length)
      see.world.recoveryCodes = codes
    }
  },
  'xstate.done.actor.disableTwoFactor': async (_page, event, { server }) => {
    const { status, body } = await server.release('change')
    expect(answerCode(status, body), 'the server answers changeTwoFactorAuth as the model expects').toBe(codeOf(event.output))
  },
  'xstate.done.actor.copyCodes': async (page, _event, { see }) => {
    await expect.poll(() => page.evaluate(() => (window as unknown as { __e2eClipboard: HeldClipboard }).__e2eClipboard.held()), { message: 'the page writes to the clipboard' }).toBe(1)
    await page.evaluate(() => (window as unknown as { __e2eClipboard: HeldClipboard }).__e2eClipboard.release())
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { message: 'the recovery codes in the clipboard' }).toBe(see.world.recoveryCodes.join('\n'))
  },
} satisfies GestureTable<TwoFactorAnswer, JourneyContext>

export const perform = (page: Page, event: TwoFactorSetupEvent | TwoFactorAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (journey: JourneyContext, snapshot: TwoFactorSetupSnapshot) => Promise<void>

/** The section in the model's state, with its badge. */
async function seeSection({ see }: JourneyContext, snapshot: TwoFactorSetupSnapshot, { on }: { on: boolean }) {
  await expect(see.section).toHaveAttribute('data-state', selectTwoFactorDataState(snapshot))
  await expect(see.status).toHaveAttribute('data-enabled', String(on))
}

/** The alert the model has, or none. */
async function seeAlert({ see }: JourneyContext, snapshot: TwoFactorSetupSnapshot) {
  const { alert } = snapshot.context
  if (alert) await expect(see.alert).toHaveAttribute('data-message-id', alert.messageId)
  else await expect(see.alert).toHaveCount(0)
}

async function seeField(field: ReturnType<TwoFactorModel['section']['locator']>, value: string, refused: boolean) {
  await expect(field).toHaveValue(value)
  if (refused) await expect(field).toHaveAttribute('aria-invalid', 'true')
  else await expect(field).not.toHaveAttribute('aria-invalid', 'true')
}

async function seeBusy(button: ReturnType<TwoFactorModel['section']['getByTestId']>, busy: boolean) {
  if (busy) await expect(button).toHaveAttribute('aria-busy', 'true')
  else await expect(button).not.toHaveAttribute('aria-busy', 'true')
}

async function seePasswordForm(journey: JourneyContext, snapshot: TwoFactorSetupSnapshot, busy: boolean) {
  const { see } = journey
  await seeSection(journey, snapshot, { on: false })
  await seeAlert(journey, snapshot)
  await seeField(see.password, see.typedPassword(snapshot.context.password), !!snapshot.context.fieldErrors.password)
  await seeBusy(see.section.getByTestId('twofa-continue'), busy)
}

/** The secret the server made, grouped in fours, with its otpauth link; the code field. */
async function seeScanForm(journey: JourneyContext, snapshot: TwoFactorSetupSnapshot, busy: boolean) {
  const { see } = journey
  await seeSection(journey, snapshot, { on: false })
  await expect(see.section.getByTestId('twofa-secret')).toHaveText(groupSecret(see.secret))
  await expect(see.section.getByTestId('twofa-otpauth')).toHaveAttribute('href', new RegExp(`^otpauth://totp/.+\\?secret=${see.secret}&`))
  await seeAlert(journey, snapshot)
  // A refused code is cleared: the next one is typed fresh.
  await seeField(see.code, snapshot.context.code === '' ? '' : journey.typedCode, !!snapshot.context.fieldErrors.code)
  await seeBusy(see.section.getByTestId('twofa-turn-on'), busy)
}

/** The recovery codes the server answered, shown once, and the copy button. */
async function seeCodes(journey: JourneyContext, snapshot: TwoFactorSetupSnapshot, copy: 'idle' | 'busy' | 'copied') {
  const { see } = journey
  await seeSection(journey, snapshot, { on: true })
  await expect(see.section.getByTestId('twofa-recovery-codes').getByRole('listitem')).toHaveText(see.world.recoveryCodes)
  await expect(see.section.getByRole('status')).toBeVisible()
  const button = see.section.getByTestId('twofa-copy')
  await seeBusy(button, copy === 'busy')
  await expect(button).toHaveAttribute('data-copied', String(copy === 'copied'))
  await seeAlert(journey, snapshot)
}

async function seeDisableForm(journey: JourneyContext, snapshot: TwoFactorSetupSnapshot, busy: boolean) {
  const { see } = journey
  await seeSection(journey, snapshot, { on: true })
  await seeAlert(journey, snapshot)
  await seeField(see.code, snapshot.context.code === '' ? '' : journey.typedCode, !!snapshot.context.fieldErrors.code)
  await seeBusy(see.section.getByTestId('twofa-turn-off'), busy)
}

export const STATE_CHECKS = {
  off: async (journey, snapshot) => {
    await seeSection(journey, snapshot, { on: false })
    await expect(journey.see.section.getByTestId('twofa-enable')).toBeVisible()
    await seeAlert(journey, snapshot)
  },
  'enabling.editing': (journey, snapshot) => seePasswordForm(journey, snapshot, false),
  'enabling.starting': (journey, snapshot) => seePasswordForm(journey, snapshot, true),
  'scanning.editing': (journey, snapshot) => seeScanForm(journey, snapshot, false),
  'scanning.confirming': (journey, snapshot) => seeScanForm(journey, snapshot, true),
  'recoveryCodes.shown': (journey, snapshot) => seeCodes(journey, snapshot, 'idle'),
  'recoveryCodes.copying': (journey, snapshot) => seeCodes(journey, snapshot, 'busy'),
  'recoveryCodes.copied': (journey, snapshot) => seeCodes(journey, snapshot, 'copied'),
  // The codes are gone for good; 'Disable' asks for a code.
  on: async (journey, snapshot) => {
    await seeSection(journey, snapshot, { on: true })
    await expect(journey.see.section.getByTestId('twofa-disable')).toBeVisible()
    await expect(journey.see.section.getByTestId('twofa-recovery-codes')).toHaveCount(0)
    await seeAlert(journey, snapshot)
  },
  'disabling.editing': (journey, snapshot) => seeDisableForm(journey, snapshot, false),
  'disabling.submitting': (journey, snapshot) => seeDisableForm(journey, snapshot, true),
  // SPEC §8 UserBanned: the whole page becomes the user-blocked page (a reload, answered 403).
  blocked: async ({ see }) => {
    await expect(see.page.locator('[data-testid="system-page"][data-page-type="userBlocked"]')).toBeVisible()
    await expect(see.section).toHaveCount(0)
  },
} satisfies Record<TwoFactorLeaf, Check>

export async function checkState(journey: JourneyContext, snapshot: TwoFactorSetupSnapshot) {
  for (const leaf of leavesOf(snapshot)) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(journey, snapshot)
  }
}
