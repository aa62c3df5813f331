// Why the sportsbook refused a request: a code the client translates, the field it concerns when
// there is one, and what the client shows with it (the new price, the limit).
export const SPORTSBOOK_ERROR_CODES = ['sportsbook_event_not_found'] as const
export type SportsbookErrorCode = (typeof SPORTSBOOK_ERROR_CODES)[number]

export class SportsbookError extends Error {
  override name = 'SportsbookError'
  constructor(
    readonly code: SportsbookErrorCode,
    message: string,
    readonly field: string | null = null,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}
