// The resend countdown of the code steps (SPEC §3 'Two-factor pending data', §4): a 1 s tick from
// the server's resend_time down to 0, then a resend is allowed. Login's two-factor step and the
// contact confirmation both run it as a region beside the form, so it ticks while the player types.
// A state-node factory rather than a child machine: the seconds live in the flow's own context,
// which its guards (resendAllowed) and views already read, and the flows' charts keep their states.
/** One tick of the countdown: resend_time is in seconds. */
export const RESEND_TICK_MS = 1000

/** What a flow's context holds for the countdown: seconds left before a resend; 0 means now. */
export interface ResendCountdownContext {
  readonly resendTime: number
}

type Args = { readonly context: ResendCountdownContext }

/** The guards and delay the region names, spread into the flow's `setup`, beside its `tickResendTime: assign(resendTick)`. */
export const resendCountdownGuards = {
  resendPending: ({ context }: Args): boolean => context.resendTime > 0,
  lastTick: ({ context }: Args): boolean => context.resendTime <= 1,
}
export const resendCountdownDelays = { resendTick: RESEND_TICK_MS }
/** One second less, never below 0: the update of the flow's `tickResendTime` assign. */
export const resendTick = ({ context }: Args) => ({ resendTime: Math.max(0, context.resendTime - 1) })

/**
 * The region: `deciding` on entry (re-entered when a server answer restarts the countdown),
 * `counting` while seconds are left, then `<doneState>`, where a resend is allowed.
 */
export function resendCountdownRegion<const Done extends string>(doneState: Done) {
  const deciding = {
    always: [{ guard: 'resendPending' as const, target: 'counting' as const }, { target: doneState }],
  }
  const counting = {
    after: {
      resendTick: [
        { guard: 'lastTick' as const, target: doneState, actions: 'tickResendTime' as const },
        { target: 'counting' as const, reenter: true, actions: 'tickResendTime' as const },
      ],
    },
  }
  // SPEC §4: the timer is cleared when it ends; a resend is allowed from `doneState`.
  const states = { deciding, counting, [doneState]: {} } as { deciding: typeof deciding; counting: typeof counting } & Record<Done, Record<never, never>>
  return { initial: 'deciding' as const, states }
}
