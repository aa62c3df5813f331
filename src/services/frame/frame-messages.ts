// Messages between the embeddable /forms pages and the page that frames them (SPEC §2.3: "The
// stand-alone pages forms-sign_up and forms-sign_in post messages to the parent window: redirect
// (to the root with show_popup_reg=1 and a backUrl) and refresh_user. A checkIframe message with a
// path is used for same-origin embedding.")
//
// Who may hear them. The server lets only our origin and FRAME_ALLOWLIST frame /forms (CSP
// frame-ancestors), and a message is posted only to the parent's own origin, named exactly as
// postMessage's targetOrigin, and only when that origin is ours or on the same allowlist (general
// info's frame_allowlist). A parent whose origin cannot be told gets nothing: fail closed.

/** The messages, as the parent receives them in `event.data`. */
export type FrameMessage =
  /** Send the top page to `url` (an absolute URL on our site): registration lives there. */
  | { readonly type: 'redirect'; readonly url: string }
  /** The player logged in (or registered) inside the frame: re-read the session. */
  | { readonly type: 'refresh_user' }
  /** A page of ours finds itself in a frame of ours, at `path`; the parent decides what to do. */
  | { readonly type: 'checkIframe'; readonly path: string }

export const FRAME_MESSAGE_TYPES = ['redirect', 'refresh_user', 'checkIframe'] as const

/** The part of `window` this module needs, so tests can hand in a fake. */
export interface FrameWindow {
  readonly location: { readonly origin: string; readonly ancestorOrigins?: { readonly length: number; readonly [index: number]: string } }
  readonly document: { readonly referrer: string }
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null
  readonly self?: unknown
}

function originOf(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** Our origin plus the configured ones, each a bare origin, no duplicates. */
export function allowedParentOrigins(ownOrigin: string, allowlist: readonly string[] | null | undefined): string[] {
  const out = new Set<string>([ownOrigin])
  for (const entry of allowlist ?? []) {
    const origin = originOf(entry)
    if (origin && origin === entry.replace(/\/$/, '')) out.add(origin)
  }
  return [...out]
}

/** True when the page runs inside a frame. */
export function isFramed(win: FrameWindow): boolean {
  return win.parent !== null && win.parent !== (win.self ?? win)
}

/**
 * The origin of the page that frames us: the browser's own record (location.ancestorOrigins) where
 * it keeps one, else the referrer of the frame's first load (the framing page; cross-origin it is
 * cut to the origin by the Referrer-Policy, which is all we need). Null when not framed or unknown.
 */
export function parentOrigin(win: FrameWindow): string | null {
  if (!isFramed(win)) return null
  const ancestors = win.location.ancestorOrigins
  if (ancestors && ancestors.length > 0) return originOf(ancestors[0])
  return originOf(win.document.referrer)
}

/**
 * Posts `message` to the parent when its origin is allowed. Returns the origin it was posted to,
 * or null when nothing was sent (not framed, parent unknown, or not allowed).
 */
export function postToParent(win: FrameWindow, message: FrameMessage, allowed: readonly string[]): string | null {
  const target = parentOrigin(win)
  if (!target || !allowed.includes(target) || !win.parent) return null
  win.parent.postMessage(message, target)
  return target
}

/** `event.data` as a FrameMessage, or null for anything else (other scripts post messages too). */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const { type, url, path } = data as Record<string, unknown>
  if (type === 'refresh_user') return { type }
  if (type === 'redirect' && typeof url === 'string' && url.length <= 4096) return { type, url }
  if (type === 'checkIframe' && typeof path === 'string' && path.startsWith('/') && path.length <= 2048) return { type, path }
  return null
}

/** Query keys of the registration redirect (SPEC §2.2 show_popup_reg, §4 social login backUrl). */
export const REGISTRATION_POPUP_QUERY = 'show_popup_reg'
export const BACK_URL_QUERY = 'backUrl'

/**
 * SPEC §2.3: where `redirect` sends the top page: our root (in `rootPath`, the locale's root) with
 * show_popup_reg=1, and backUrl when there is one to come back to.
 */
export function registrationRedirectUrl(ownOrigin: string, rootPath: string, backUrl: string | null): string {
  const url = new URL(rootPath, ownOrigin)
  url.searchParams.set(REGISTRATION_POPUP_QUERY, '1')
  if (backUrl) url.searchParams.set(BACK_URL_QUERY, backUrl)
  return url.toString()
}

/**
 * The page to come back to after registering: the form page's own backUrl query when it points
 * to an allowed origin, else the framing page (as the referrer names it) when that is allowed.
 */
export function pickBackUrl(requested: string | null, referrer: string, allowed: readonly string[]): string | null {
  for (const candidate of [requested, referrer]) {
    const origin = originOf(candidate)
    if (candidate && origin && allowed.includes(origin) && candidate.length <= 2048) return new URL(candidate).toString()
  }
  return null
}
