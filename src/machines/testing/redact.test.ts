import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { loginMachine } from '../auth/login/login.machine'
import type { LoadSessionInput, LoadSessionResult, SubmitLoginInput, SubmitLoginResult } from '../auth/login/login.types'
import { machineRegistry } from '../registry'
import { inspectionRedaction, redact, redactInspectionEvent, REDACTED, SECRET_FIELDS, secretFields } from './redact'

const PASSWORD = 'hunter2-very-secret'
const CODE = '918273'

describe('redact', () => {
  it('replaces named fields at any depth, form events that name them, and keeps error codes', () => {
    const fields = ['password', 'code']
    expect(redact({ credentials: { login: 'a@b.c', password: PASSWORD }, code: CODE }, fields)).toEqual({
      credentials: { login: 'a@b.c', password: REDACTED },
      code: REDACTED,
    })
    expect(redact({ type: 'login.field.change', name: 'password', value: PASSWORD }, fields)).toEqual({
      type: 'login.field.change',
      name: 'password',
      value: REDACTED,
    })
    expect(redact({ type: 'login.field.change', name: 'login', value: 'a@b.c' }, fields).value).toBe('a@b.c')
    expect(redact({ error: { type: 'AuthorizationException', code: 'two_factor_required' } }, fields)).toEqual({
      error: { type: 'AuthorizationException', code: 'two_factor_required' },
    })
  })

  it('redacts the whole snapshot of an inspection event, not only its context', () => {
    const event = {
      type: '@xstate.actor',
      snapshot: { status: 'active', input: { login: 'a@b.c', password: PASSWORD }, context: undefined },
      event: { type: 'otp.change', code: CODE },
    }
    const out = redactInspectionEvent(event, ['password', 'code'])
    expect(JSON.stringify(out)).not.toContain(PASSWORD)
    expect(JSON.stringify(out)).not.toContain(CODE)
    expect(out.snapshot).toEqual({ status: 'active', input: { login: 'a@b.c', password: REDACTED }, context: undefined })
    // The original is left alone: the live actor keeps its data.
    expect(event.snapshot.input.password).toBe(PASSWORD)
  })

  it('knows every secret field the registry lists, on top of the usual names', () => {
    const fields = secretFields(machineRegistry)
    for (const name of SECRET_FIELDS) expect(fields).toContain(name)
    for (const entry of machineRegistry) for (const name of entry.redact ?? []) expect(fields).toContain(name)
  })
})

describe('inspection redaction with @statelyai/inspect', () => {
  it('the inspector never receives the password or the two-factor code of a live login', async () => {
    const sent: StatelyInspectionEvent[] = []
    const inspector = createInspector({ send: (event) => void sent.push(event) }, inspectionRedaction(secretFields(machineRegistry)))
    let resolveLogin: ((result: SubmitLoginResult) => void) | undefined
    const submitCalls: SubmitLoginInput[] = []
    const actor = createActor(
      loginMachine.provide({
        actors: {
          submitLogin: fromPromise<SubmitLoginResult, SubmitLoginInput>(({ input }) => {
            submitCalls.push(input)
            return new Promise((resolve) => {
              resolveLogin = resolve
            })
          }),
          loadSession: fromPromise<LoadSessionResult, LoadSessionInput>(() => new Promise(() => {})),
        },
        actions: { trackLoginError: () => {} },
      }),
      { inspect: inspector.inspect },
    ).start()
    actor.send({ type: 'login.field.change', name: 'login', value: 'ace@example.com' })
    actor.send({ type: 'login.field.change', name: 'password', value: PASSWORD })
    actor.send({ type: 'login.submit' })
    resolveLogin?.({
      ok: false,
      error: { type: 'AuthorizationException', code: 'two_factor_required', resendTime: 30, retryAfterSec: null, invalidParameters: null, errorData: null },
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    actor.send({ type: 'otp.change', code: CODE })
    actor.send({ type: 'otp.submit' })
    // The inspector converts events on an idle callback (a timer in Node).
    await new Promise((resolve) => setTimeout(resolve, 50))
    actor.stop()

    // The flow really held and sent the secrets...
    expect(submitCalls[0]).toMatchObject({ login: 'ace@example.com', password: PASSWORD })
    expect(submitCalls[1]).toMatchObject({ password: PASSWORD, code: CODE })
    // ...and the inspector saw the flow (the two-factor step, the submit actors) without them.
    expect(sent.some((e) => e.type === '@xstate.snapshot' && JSON.stringify(e.snapshot).includes('twofa'))).toBe(true)
    expect(sent.some((e) => e.type === '@xstate.actor' && e.name !== 'login')).toBe(true)
    expect(sent.some((e) => e.type === '@xstate.event' && e.event.type === 'otp.change')).toBe(true)
    const everything = JSON.stringify(sent)
    expect(everything).not.toContain(PASSWORD)
    expect(everything).not.toContain(CODE)
    expect(everything).toContain(REDACTED)
    expect(everything).toContain('ace@example.com')
    // What the browser inspector posts to its window must survive postMessage's structured clone.
    expect(() => structuredClone(sent)).not.toThrow()
  })
})
