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
}

type DataLayerHost = { dataLayer?: unknown[] }

export function createAnalytics(host: DataLayerHost | undefined = typeof window === 'undefined' ? undefined : (window as DataLayerHost)): Analytics {
  const push = (entry: Record<string, unknown>) => {
    if (!host) return
    host.dataLayer ??= []
    host.dataLayer.push(entry)
  }
  return {
    track: (event) => push({ ...event }),
    identify: (userId) => push({ event: 'identify', user_id: userId }),
    anonymize: () => push({ event: 'anonymize', user_id: null }),
  }
}
