// A promise actor a test settles by hand: the machine invokes it, the test sees the inputs it was
// called with and resolves or rejects the latest call when the step under test needs it.
import { fromPromise } from 'xstate'

export interface Controllable<I, O> {
  /** Provide this as the machine's actor. */
  readonly actor: ReturnType<typeof fromPromise<O, I>>
  /** The input of every call so far, oldest first. */
  readonly calls: I[]
  /** Settles the latest call; a no-op when nothing was called. */
  resolve(output: O): void
  reject(error: unknown): void
}

export function controllable<I, O>(): Controllable<I, O> {
  const calls: I[] = []
  let pending: { resolve: (o: O) => void; reject: (e: unknown) => void } | undefined
  const actor = fromPromise<O, I>(({ input }) => {
    calls.push(input)
    return new Promise<O>((resolve, reject) => {
      pending = { resolve, reject }
    })
  })
  return { actor, calls, resolve: (output) => pending?.resolve(output), reject: (error) => pending?.reject(error) }
}

/**
 * Lets a settled actor's answer reach the machine: a macrotask runs after every promise callback
 * the settlement queued (setImmediate, not a 1 ms timer).
 */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** What settles a call: a controllable, or anything with its resolve and reject. */
export type Settleable<O> = Pick<Controllable<unknown, O>, 'resolve' | 'reject'>

/**
 * An invoked actor's end as the model graph carries it: `xstate.done.actor.<id>` with the output
 * (absent for an actor that answers nothing) or `xstate.error.actor.<id>` with the error.
 */
export interface ActorOutcome<O = unknown> {
  readonly type: string
  readonly output?: O
  readonly error?: unknown
}

/**
 * Ends the latest call of `actor` as the runtime's outcome event says (resolved with its output,
 * rejected with its error) and waits until the machine has taken it in.
 */
export async function settle<O>(actor: Settleable<O>, event: ActorOutcome<O>): Promise<void> {
  if (event.type.startsWith('xstate.done.actor.')) actor.resolve(event.output as O)
  else if (event.type.startsWith('xstate.error.actor.')) actor.reject(event.error)
  else throw new Error(`settle: ${event.type} is not the end of an invoked actor`)
  await flush()
}

/**
 * The model's two outcome gestures of one invoked actor, keyed by the events the runtime sends for
 * its invoke id, so a test's outcome table takes one line per actor:
 *
 *   const outcomeGestures = {
 *     ...settleGestures('submitLogin', (sut: Sut) => sut.submit),
 *     ...settleGestures('loadSession', (sut: Sut) => sut.load),
 *   } satisfies GestureTable<Outcome, Sut, Snapshot>
 *
 * The done gesture takes the actor's output type, so `satisfies` refuses an actor picked for
 * outcomes it cannot answer.
 */
export function settleGestures<const Id extends string, TSut, O>(
  id: Id,
  pick: (sut: TSut) => Settleable<O>,
): Record<`xstate.done.actor.${Id}` | `xstate.error.actor.${Id}`, (sut: TSut, event: ActorOutcome<O>) => Promise<void>> {
  const gesture = (sut: TSut, event: ActorOutcome<O>) => settle(pick(sut), event)
  return { [`xstate.done.actor.${id}`]: gesture, [`xstate.error.actor.${id}`]: gesture } as Record<
    `xstate.done.actor.${Id}` | `xstate.error.actor.${Id}`,
    typeof gesture
  >
}
