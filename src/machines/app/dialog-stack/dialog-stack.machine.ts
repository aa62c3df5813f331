// The dialog stack (SPEC §4 'Dialog stack', §2.3, §2.4, the generic confirm): two states, so the scroll
// lock follows open and closed exactly; which dialogs are open or queued is data (docs/machines.md#dialog-stack).

import { assign, emit, setup } from 'xstate'
import type {
  Dialog,
  DialogRequest,
  DialogStackContext,
  DialogStackEmitted,
  DialogStackEvent,
} from './dialog-stack.types'

function toDialog(request: DialogRequest): Dialog {
  const preventClose = request.preventClose ?? false
  return request.kind === 'confirm'
    ? { id: request.id, kind: 'confirm', props: request.props, preventClose }
    : { id: request.id, kind: request.kind, props: request.props ?? {}, preventClose }
}

function findDialog(context: DialogStackContext, id: string): Dialog | undefined {
  return context.stack.find((d) => d.id === id) ?? context.queue.find((d) => d.id === id)
}

function canClose(context: DialogStackContext, id: string, immediate: boolean): boolean {
  const dialog = findDialog(context, id)
  return dialog !== undefined && (!dialog.preventClose || immediate)
}

function canAnswer(context: DialogStackContext, id: string): boolean {
  // Only a confirm the player can see can be answered; a queued one has no buttons yet.
  return context.stack.some((d) => d.id === id && d.kind === 'confirm')
}

/** True when removing `id` leaves nothing open and nothing waiting. */
function leavesNothing(context: DialogStackContext, id: string): boolean {
  return context.queue.length === 0 && context.stack.length === 1 && context.stack[0]?.id === id
}

function without(context: DialogStackContext, id: string): DialogStackContext {
  const stack = context.stack.filter((d) => d.id !== id)
  const queue = context.queue.filter((d) => d.id !== id)
  const [next, ...rest] = queue
  return stack.length === 0 && next ? { stack: [next], queue: rest } : { stack, queue }
}

type CloseParams = { id: string; immediate: boolean }
type SettleParams = { id: string; answer: boolean }

const dialogStack = setup({
  types: {
    context: {} as DialogStackContext,
    events: {} as DialogStackEvent,
    emitted: {} as DialogStackEmitted,
  },
  actions: {
    /** Locks page scroll. The browser provider implements it; on the server there is no page. */
    lockScroll: () => {},
    /** Unlocks page scroll. The browser provider implements it. */
    unlockScroll: () => {},
    /** Reports a confirm's answer; the default emits it for dialog-stack.confirm.ts to settle. */
    resolveConfirm: emit((_, params: SettleParams) => ({
      type: 'dialog.confirm.resolved' as const,
      id: params.id,
      answer: params.answer,
    })),
    pushDialog: assign(({ context }, params: { request: DialogRequest }) => ({
      stack: [...context.stack, toDialog(params.request)],
    })),
    enqueueDialog: assign(({ context }, params: { request: DialogRequest }) => ({
      queue: [...context.queue, toDialog(params.request)],
    })),
    removeDialog: assign(({ context }, params: { id: string }) => without(context, params.id)),
  },
  guards: {
    isKnown: ({ context }, params: { id: string }) => findDialog(context, params.id) !== undefined,
    wantsQueue: ({ event }) => event.type === 'dialog.open' && event.queue === true,
    canClose: ({ context }, params: CloseParams) => canClose(context, params.id, params.immediate),
    closesLast: ({ context }, params: CloseParams) =>
      canClose(context, params.id, params.immediate) && leavesNothing(context, params.id),
    canAnswer: ({ context }, params: { id: string }) => canAnswer(context, params.id),
    answersLast: ({ context }, params: { id: string }) =>
      canAnswer(context, params.id) && leavesNothing(context, params.id),
  },
})

/** What leaving the stack by this event means: which dialog, and the answer if it is a confirm. */
function settlement(context: DialogStackContext, event: DialogStackEvent): SettleParams {
  switch (event.type) {
    case 'dialog.confirm.answer':
      return { id: event.id, answer: event.answer }
    case 'dialog.close':
      return { id: event.id, answer: false }
    case 'dialog.closeTop':
      // Escape and overlay clicks: the top dialog, and a confirm so closed means no.
      return { id: topId(context), answer: false }
    default:
      throw new Error(`dialogStackMachine: '${event.type}' does not close a dialog`)
  }
}

/**
 * Removes the dialog an event closes; a confirm is settled first, so no caller waits forever.
 * Built on the setup so it may name the actions above (an action inside `setup` cannot, by type).
 */
const settleAndRemove = dialogStack.enqueueActions(({ context, event, enqueue }) => {
  const { id, answer } = settlement(context, event)
  if (findDialog(context, id)?.kind === 'confirm') enqueue({ type: 'resolveConfirm', params: { id, answer } })
  enqueue({ type: 'removeDialog', params: { id } })
})

export const dialogStackMachine = dialogStack.createMachine({
  id: 'dialogStack',
  context: { stack: [], queue: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        // Nothing is open, so a queued request has nothing to wait for: it opens at once.
        'dialog.open': {
          target: 'open',
          actions: { type: 'pushDialog', params: ({ event }) => ({ request: event.dialog }) },
        },
      },
    },
    open: {
      entry: 'lockScroll',
      exit: 'unlockScroll',
      on: {
        'dialog.open': [
          { guard: { type: 'isKnown', params: ({ event }) => ({ id: event.dialog.id }) } },
          {
            guard: 'wantsQueue',
            actions: { type: 'enqueueDialog', params: ({ event }) => ({ request: event.dialog }) },
          },
          { actions: { type: 'pushDialog', params: ({ event }) => ({ request: event.dialog }) } },
        ],
        'dialog.close': [
          {
            guard: { type: 'closesLast', params: ({ event }) => ({ id: event.id, immediate: event.immediate ?? false }) },
            target: 'idle',
            actions: settleAndRemove,
          },
          {
            guard: { type: 'canClose', params: ({ event }) => ({ id: event.id, immediate: event.immediate ?? false }) },
            actions: settleAndRemove,
          },
        ],
        'dialog.closeTop': [
          {
            guard: { type: 'closesLast', params: ({ context }) => ({ id: topId(context), immediate: false }) },
            target: 'idle',
            actions: settleAndRemove,
          },
          {
            guard: { type: 'canClose', params: ({ context }) => ({ id: topId(context), immediate: false }) },
            actions: settleAndRemove,
          },
        ],
        'dialog.confirm.answer': [
          {
            guard: { type: 'answersLast', params: ({ event }) => ({ id: event.id }) },
            target: 'idle',
            actions: settleAndRemove,
          },
          {
            guard: { type: 'canAnswer', params: ({ event }) => ({ id: event.id }) },
            actions: settleAndRemove,
          },
        ],
        // Server-rendered with a dialog open: the server's lockScroll had no page to lock.
        'app.hydrated': { actions: 'lockScroll' },
      },
    },
  },
})

function topId(context: DialogStackContext): string {
  // `open` always has a dialog on the stack; '' matches none and so closes nothing.
  return context.stack.at(-1)?.id ?? ''
}
