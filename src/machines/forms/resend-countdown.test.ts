import { describe, expect, it } from 'vitest'
import { assign, createActor, setup, SimulatedClock } from 'xstate'
import { RESEND_TICK_MS, resendCountdownDelays, resendCountdownGuards, resendCountdownRegion, resendTick } from './resend-countdown'

// A flow with nothing but the countdown and a restart, as login and contact confirmation use it.
const countdown = setup({
  types: { context: {} as { resendTime: number }, input: {} as { resendTime: number }, events: {} as { type: 'restart'; resendTime: number } },
  delays: resendCountdownDelays,
  guards: resendCountdownGuards,
  actions: { tickResendTime: assign(({ context }) => resendTick({ context })) },
}).createMachine({
  context: ({ input }) => ({ resendTime: input.resendTime }),
  type: 'parallel',
  states: {
    timer: {
      ...resendCountdownRegion('ready'),
      on: { restart: { target: '.deciding', reenter: true, actions: assign(({ event }) => ({ resendTime: event.resendTime })) } },
    },
  },
})

function start(resendTime: number) {
  const clock = new SimulatedClock()
  const ref = createActor(countdown, { input: { resendTime }, clock }).start()
  const at = () => ({ left: ref.getSnapshot().context.resendTime, ready: ref.getSnapshot().matches({ timer: 'ready' }) })
  return { ref, clock, at }
}

describe('resend countdown (SPEC §3, §4)', () => {
  it('ticks once a second from resend_time down to 0, then a resend is allowed', () => {
    const sut = start(3)
    expect(sut.at()).toEqual({ left: 3, ready: false })
    sut.clock.increment(RESEND_TICK_MS - 1)
    expect(sut.at()).toEqual({ left: 3, ready: false })
    sut.clock.increment(1)
    expect(sut.at()).toEqual({ left: 2, ready: false })
    sut.clock.increment(RESEND_TICK_MS)
    expect(sut.at()).toEqual({ left: 1, ready: false })
    sut.clock.increment(RESEND_TICK_MS)
    expect(sut.at()).toEqual({ left: 0, ready: true })
    // Ended: no timer is left to fire.
    sut.clock.increment(10 * RESEND_TICK_MS)
    expect(sut.at()).toEqual({ left: 0, ready: true })
  })

  it('with nothing to wait for, a resend is allowed at once', () => {
    expect(start(0).at()).toEqual({ left: 0, ready: true })
  })

  it('a new resend_time restarts it', () => {
    const sut = start(1)
    sut.clock.increment(RESEND_TICK_MS)
    expect(sut.at().ready).toBe(true)
    sut.ref.send({ type: 'restart', resendTime: 2 })
    expect(sut.at()).toEqual({ left: 2, ready: false })
    // A SimulatedClock fires what is due once per increment, so each second is its own step.
    sut.clock.increment(RESEND_TICK_MS)
    sut.clock.increment(RESEND_TICK_MS)
    expect(sut.at()).toEqual({ left: 0, ready: true })
  })

  it('never counts below 0', () => {
    expect(resendTick({ context: { resendTime: 0 } })).toEqual({ resendTime: 0 })
    expect(resendTick({ context: { resendTime: 5 } })).toEqual({ resendTime: 4 })
  })
})
