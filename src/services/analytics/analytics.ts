/**
 * Marketing analytics (SPEC §4 'Marketing analytics', §3 analytics settings). Events go to the
 * page's `dataLayer`, the queue tag managers read; the site loads no third-party script itself,
 * so an operator wires their tools through the tag manager configured in the content system.
 * On login or registration the visitor is identified with the user id; on logout made anonymous.
 */
export interface AnalyticsEvent {
  event: string
  [key: string]: string | number | boolean | null | undefined
}

export interface Analytics {
  track(event: AnalyticsEvent): void
  identify(userId: number): void
  anonymize(): void
  /**
   * SPEC §4: a player logged in or registered: identified with the user id, then the event.
   * Login and registration flows call this, so the two never differ in what they send.
   */
  playerIn(userId: number, event: 'login' | 'registration'): void
  /** SPEC §4: the player logged out (any reason): the event, then the visitor is anonymous. */
  playerOut(reason: string): void
}

type DataLayerHost = { dataLayer?: unknown[] }

export function createAnalytics(host: DataLayerHost | undefined = typeof window === 'undefined' ? undefined : (window as DataLayerHost)): Analytics {
  const push = (entry: Record<string, unknown>) => {
    if (!host) return
    host.dataLayer ??= []
    host.dataLayer.push(entry)
  }
  const identify = (userId: number) => push({ event: 'identify', user_id: userId })
  const anonymize = () => push({ event: 'anonymize', user_id: null })
  return {
    track: (event) => push({ ...event }),
    identify,
    anonymize,
    playerIn: (userId, event) => {
      identify(userId)
      push({ event })
    },
    playerOut: (reason) => {
      push({ event: 'logout', reason })
      anonymize()
    },
  }
}
