import { describe, expect, it } from 'vitest'
import { createMachine, fromPromise, setup } from 'xstate'
import { acceptedEventTypes, delayEvent, delayEvents, doneEventType, errorEventType } from './flow-entry'

/** A small chart with a named delay and an invoke, built with the state names given. */
function chart(waiting: string, counting: string) {
  return setup({
    actors: { send: fromPromise(async () => 'sent') },
    delays: { tick: 1000 },
  }).createMachine({
    id: 'resend',
    initial: waiting,
    states: {
      [waiting]: {
        initial: counting,
        states: { [counting]: { after: { tick: 'ready' } }, ready: { on: { resend: '#resend.sending' } } },
      },
      sending: { invoke: { id: 'sendCode', src: 'send', onDone: waiting, onError: waiting } },
    },
  })
}

describe('flow entry names', () => {
  it('derives a delay event from the machine, so renaming its state renames the sample', () => {
    const before = chart('timer', 'counting')
    const renamed = chart('timer', 'countingDown')
    expect(delayEvent(before, 'tick')).toEqual({ type: 'xstate.after.tick.resend.timer.counting' })
    expect(delayEvent(renamed, 'tick')).toEqual({ type: 'xstate.after.tick.resend.timer.countingDown' })
    // The name the old chart had is one the renamed chart no longer takes: a hard-coded sample
    // would be stale, and the registry test that checks samples against the chart says so.
    expect(acceptedEventTypes(renamed).has(delayEvent(before, 'tick').type)).toBe(false)
    expect(acceptedEventTypes(renamed).has(delayEvent(renamed, 'tick').type)).toBe(true)
    expect(delayEvents(renamed)).toEqual([{ type: 'xstate.after.tick.resend.timer.countingDown' }])
  })

  it('refuses a delay or an invoke the machine does not have', () => {
    const machine = chart('timer', 'counting')
    expect(() => delayEvent(machine, 'tock')).toThrow(/no delayed transition after 'tock'/)
    expect(() => delayEvent(machine, 'tick', 'timer.ready')).toThrow(/in state 'timer.ready'/)
    expect(delayEvent(machine, 'tick', 'timer.counting').type).toBe('xstate.after.tick.resend.timer.counting')
    expect(doneEventType(machine, 'sendCode')).toBe('xstate.done.actor.sendCode')
    expect(errorEventType(machine, 'sendCode')).toBe('xstate.error.actor.sendCode')
    expect(() => doneEventType(machine, 'sendSms')).toThrow(/no state invokes an actor with the id 'sendSms'/)
  })

  it('lists the runtime events among the accepted ones', () => {
    const machine = chart('timer', 'counting')
    const accepted = acceptedEventTypes(machine)
    expect(accepted.has('xstate.done.actor.sendCode')).toBe(true)
    expect(accepted.has('xstate.error.actor.sendCode')).toBe(true)
    expect(accepted.has('resend')).toBe(true)
    expect(acceptedEventTypes(createMachine({})).size).toBe(0)
  })
})
