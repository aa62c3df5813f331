// Session area (not in the SPEC; ARCHITECTURE §4: new calls take the same form in new areas).
import { boolean, min, number, object, type Infer } from 'superstruct'
import { defineCall } from './define'

/**
 * POST /api/session/touch: the keep-alive of an active player (SPEC §4 'Automatic logout by
 * inactivity'). Key presses, clicks and scrolls make no request by themselves; the browser sends
 * this while the player is active so the server's idle expiry (time_to_force_logout, the same
 * setting the browser counts down from) starts from the same moment as the browser's.
 * `logged_in: false` tells the browser its session is already over.
 */
export const touch = defineCall({
  area: 'session',
  name: 'touch',
  method: 'POST',
  access: 'anyone',
  request: object({}),
  response: object({
    logged_in: boolean(),
    /** The server's idle timeout for this session, in seconds. */
    idle_timeout: min(number(), 0),
  }),
})
export type TouchAnswer = Infer<typeof touch.response>
