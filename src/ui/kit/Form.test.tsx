// @vitest-environment happy-dom
import { useActorRef, useSelector } from '@xstate/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../machines/forms/focus-first-error'
import { Form } from './Form'
import { Input } from './Input'

afterEach(cleanup)

// A form flow as the site's are built: its rules refuse a submit at once, its server later; both
// end with the `focusFirstError` action. The Form must take the player to the first error.
const flow = setup({
  types: { context: {} as { errors: string[] }, events: {} as { type: 'submit'; server?: boolean }, emitted: {} as FormEmitted },
  actors: { server: fromPromise(async () => ['c']) },
  actions: {
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    refuse: assign({ errors: ['c', 'b'] }),
    clear: assign({ errors: [] }),
  },
}).createMachine({
  context: { errors: [] },
  initial: 'editing',
  states: {
    editing: {
      on: {
        submit: [
          { guard: ({ event }) => event.server === true, target: 'sending', actions: 'clear' },
          { actions: ['refuse', 'focusFirstError'] },
        ],
      },
    },
    sending: {
      invoke: { src: 'server', onDone: { target: 'editing', actions: [assign({ errors: ({ event }) => event.output }), 'focusFirstError'] } },
    },
  },
})

function View({ server = false, onActor }: { server?: boolean; onActor?: (actor: ActorRefFrom<typeof flow>) => void }) {
  const actor = useActorRef(flow)
  onActor?.(actor)
  const errors = useSelector(actor, (s) => s.context.errors)
  const error = (name: string) => (errors.includes(name) ? `${name.toUpperCase()} is wrong` : undefined)
  return (
    <Form
      flow={actor}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'submit', server })
      }}
    >
      <Input label="A" error={error('a')} />
      <Input label="B" error={error('b')} />
      <Input label="C" error={error('c')} />
      <button type="submit">Send</button>
    </Form>
  )
}

describe('Form', () => {
  it('focuses the first invalid field in page order after a refused submit, and scrolls it to the middle', () => {
    const scroll = vi.fn()
    Element.prototype.scrollIntoView = scroll
    render(<View />)
    const submit = screen.getByRole('button', { name: 'Send' })
    submit.focus()
    fireEvent.click(submit)
    const b = screen.getByRole('textbox', { name: 'B' })
    expect(document.activeElement).toBe(b)
    expect(b.getAttribute('aria-invalid')).toBe('true')
    expect(scroll).toHaveBeenCalledTimes(1)
    expect(scroll.mock.contexts[0]).toBe(b)
    expect(scroll.mock.calls[0]![0]).toMatchObject({ block: 'center' })
  })

  it('does the same when the server refuses later, once its errors are on screen', async () => {
    render(<View server />)
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(document.activeElement).not.toBe(screen.getByRole('textbox', { name: 'C' }))
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'C' }))
  })

  it('leaves the focus alone without the request, and stops listening when it goes', () => {
    let actor: ActorRefFrom<typeof flow> | undefined
    const { unmount } = render(<View onActor={(a) => (actor = a)} />)
    const a = screen.getByRole('textbox', { name: 'A' })
    a.focus()
    fireEvent.change(a, { target: { value: 'x' } })
    expect(document.activeElement).toBe(a)
    unmount()
    expect(() => actor!.send({ type: 'submit' })).not.toThrow()
  })
})
