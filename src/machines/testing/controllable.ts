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
