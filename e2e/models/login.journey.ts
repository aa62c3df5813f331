// How a path of the login model is played on the real site (ARCHITECTURE §7, Expensify's
// flowPaths): every event of the model is a gesture on the page, and every state the model reaches
// is a check of what the player sees. Both tables are keyed by the model's types, so an event or a
// state added to the chart without a gesture or a check does not compile.
//
// The server is real. Two things are held so that what the player sees between two events is
// stable and can be checked:
// - requests: a request the flow sends is held until the path says the server answered
//   ('xstate.done.actor.*'), then passed on unchanged to the server and its answer compared with
//   the model's. So the busy states (submitting, verifying, resending, loadingSession) are seen
//   for as long as the check needs, and nothing the server does is faked.
// - time: the resend countdown runs on the page's timers. The page clock (Playwright's
//   page.clock) is frozen when an answer starts a countdown, and only the model's resend tick
//   lets it run; otherwise a resend_time of 1 or 2 s (the server sends the seconds left in the
//   TOTP step) would end the countdown before the check.
import { expect, type Page, type Request } from '@playwright/test'
import type { AuthFailure } from '../../src/machines/auth/auth.types'
import { selectLoginDataState, type LoginSnapshot } from '../../src/machines/auth/login/login.selectors'
import type { LoginEvent, SubmitLoginResult } from '../../src/machines/auth/login/login.types'
import { base32Decode, totp } from '../../server/domain/auth/totp'
import { answerCode, apiCall, PageClock, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { LoginModel } from './login.model'
import { CODE, leavesOf, PLAYERS, RESEND_TICK, type LoginAnswer, type LoginLeaf } from './login.paths'

// ── the server and the clock ─────────────────────────────────────────────────

type Held = 'login' | 'session'

const HELD_REQUESTS: Record<Held, (request: Request) => boolean> = {
  /** POST /api/auth/login: the login, the code, and a resend (the login again without a code). */
  login: apiCall('POST', '/api/auth/login'),
  /** One of the three calls of loadSession; holding it keeps the flow in loadingSession. */
  session: (request) => new URL(request.url()).pathname === '/api/account/getprofileinfo',
}

export type LoginServer = ServerGate<Held>
/** Login requests are held from the start; loadSession's only once a login is answered ok. */
export const installServer = (page: Page): Promise<LoginServer> => ServerGate.install<Held>(page, HELD_REQUESTS, ['login'])

/** The longest resend_time the server sends: a whole TOTP step (server/domain/auth/totp.ts), and a second more. */
const COUNTDOWN_MS = 31_000

export { PageClock }

// ── gestures: the model's events as the player and the server cause them ─────

export interface JourneyContext {
  readonly see: LoginModel
  readonly server: LoginServer
  readonly clock: PageClock
  /** What the player types for CODE.accepted: a recovery code nobody else uses in this run. */
  readonly acceptedCode: string
}

/** A six-digit code the authenticator does not show now and did not show in the last five minutes. */
function rejectedCode(): string {
  const key = base32Decode(PLAYERS.twoFactor.secret)
  const recent = new Set(Array.from({ length: 14 }, (_, i) => totp(key, Date.now() + (2 - i) * 30_000)))
  let n = Number(CODE.rejected)
  while (recent.has(String(n).padStart(6, '0'))) n++
  return String(n).padStart(6, '0')
}

/** What the player does for each event of the flow (LoginEvent: what the view sends). */
export const PLAYER_GESTURES = {
  'login.field.change': (_page, event, { see }) => (event.name === 'login' ? see.typeLogin(event.value) : see.typePassword(event.value)),
  // The request it sends is held until the path's 'xstate.done.actor.submitLogin'.
  'login.submit': (_page, _event, { see }) => see.submit(),
  'otp.change': (_page, event, { see, acceptedCode }) =>
    see.typeCode(event.code === CODE.accepted ? acceptedCode : event.code === CODE.rejected ? rejectedCode() : event.code),
  'otp.submit': (_page, _event, { see }) => see.submitCode(),
  'otp.resend': (_page, _event, { see }) => see.resend(),
  'login.back': (_page, _event, { see }) => see.back(),
  // The view never sends 'popup.close': closing the dialog unmounts the flow, which is what the
  // model's final `closed` stands for (SPEC §2.3): the check is that the popup is gone.
  'popup.close': (_page, _event, { see }) => see.close(),
} satisfies GestureTable<LoginEvent, JourneyContext>

/** The error code an answer carries, as the model and the API body (SPEC §8) write it; null for success. */
const codeOfModel = (output: SubmitLoginResult): AuthFailure['code'] | 'ok' => (output.ok ? 'ok' : output.error.code)

/**
 * The server answers a held login request: what the model expects must be what the server said.
 * An answer that starts the countdown freezes the page's clock first; one that logs the player in
 * holds loadSession's request next, so loadingSession can be seen.
 */
async function answerLogin(output: SubmitLoginResult, { server, clock }: JourneyContext) {
  if (!output.ok && output.error.resendTime !== null) await clock.freeze()
  if (output.ok) server.hold('session')
  const { status, body } = await server.release('login', { andPass: false })
  expect(answerCode(status, body), 'the server answers as the model expects').toBe(codeOfModel(output))
}

/** What happens on the page when the runtime delivers one of the model's answers. */
export const ANSWER_GESTURES = {
  'xstate.done.actor.submitLogin': (_page, event, journey) => answerLogin(event.output, journey),
  'xstate.done.actor.verifyCode': (_page, event, journey) => answerLogin(event.output, journey),
  'xstate.done.actor.resendCode': (_page, event, journey) => answerLogin(event.output, journey),
  'xstate.done.actor.loadSession': async (_page, _event, { server }) => {
    const { status } = await server.release('session', { andPass: true })
    expect(status, 'the profile loads for the player who just logged in').toBe(200)
  },
  // The page lives through the whole countdown, however long the server made it.
  [RESEND_TICK]: (_page, _event, { clock }) => clock.runFor(COUNTDOWN_MS),
} satisfies GestureTable<LoginAnswer, JourneyContext>

export const perform = (page: Page, event: LoginEvent | LoginAnswer, journey: JourneyContext) =>
  performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks: what the player sees in each state ───────────────────────────────

export type Check = (see: LoginModel, snapshot: LoginSnapshot) => Promise<void>

/** One check per leaf state the player can be in (a parallel state is checked per region). */
export const STATE_CHECKS = {
  'form.editing': (see) => see.seeForm({ busy: false }),
  // 'Wrong enter' or too many requests: which one is the model's context (checked in checkState).
  'form.failed': async (see, snapshot) => {
    await see.seeForm({ busy: false })
    expect(snapshot.context.alert, 'failed shows an alert').not.toBeNull()
  },
  'form.submitting': (see) => see.seeForm({ busy: true }),
  // The session loads in the form the player submitted from: busy, no other view flashes.
  'form.loadingSession': (see) => see.seeForm({ busy: true }),
  'twofa.step.editing': async (see) => {
    await see.seeTwoFactor({ busy: false })
    await see.seeBackLink()
  },
  'twofa.step.verifying': async (see) => {
    await see.seeTwoFactor({ busy: true })
    await see.dontSeeBackLink()
  },
  'twofa.step.resending': async (see) => {
    await see.seeTwoFactor({ busy: true })
    await see.dontSeeBackLink()
  },
  'twofa.step.loadingSession': async (see) => {
    await see.seeTwoFactor({ busy: true })
    await see.dontSeeBackLink()
  },
  'twofa.timer.counting': (see) => see.seeResendCountdown(),
  'twofa.timer.ready': (see, snapshot) => see.seeResendOver({ canResend: snapshot.can({ type: 'otp.resend' }) }),
  // SPEC §4: logged in, the popup closed, the player on the page of their locale.
  success: (see) => see.seeLoggedIn(),
  closed: async (see) => {
    await see.seePopupClosed()
    await see.seeLoggedOut()
  },
} satisfies Record<LoginLeaf, Check>

/**
 * The page shows the model's state: the view the forms' data-state names (selectLoginDataState of
 * the model snapshot), the alert of its context, and the check of every leaf state it is in.
 */
export async function checkState(see: LoginModel, snapshot: LoginSnapshot) {
  const view = selectLoginDataState(snapshot)
  if (view === 'login.form' || view === 'login.twofa') {
    await see.seeView(view)
    const alert = snapshot.context.alert
    if (alert) await see.seeAlert(alert.messageId)
    else await see.dontSeeAlert()
  }
  for (const leaf of leavesOf(snapshot)) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
