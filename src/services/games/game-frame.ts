// The game client's messages with the page that frames it (docs/games.md#the-game-client). The
// server lets only our own site frame /platform/game/* (CSP frame-ancestors 'self'), so both ends
// are our origin: the client posts to its parent with its own origin as targetOrigin (a parent of
// another origin gets nothing), and takes messages only from its own origin.

/** What the game client tells the page around it. */
export type GameToParentMessage =
  /** A real-money round moved the balance (major units, its currency). */
  | { readonly type: 'balance_changed'; readonly balance: string; readonly currency: string }
  /** A free spin was played: the spins its pack has left (0 when used up). */
  | { readonly type: 'free_spins'; readonly remaining: number }
  /** The stake is more than the balance: offer the cashier. */
  | { readonly type: 'needs_deposit' }
  /** The player closed the game. */
  | { readonly type: 'close' }

/** What the page around may tell the game client. */
export type ParentToGameMessage =
  /** Sound on or off, as the site's own setting says. */
  | { readonly type: 'set_sound'; readonly on: boolean }
  /** The balance changed elsewhere (a deposit): read it again. */
  | { readonly type: 'refresh_balance' }

/** The part of `window` this module needs, so tests can hand in a fake. */
export interface GameFrameWindow {
  readonly location: { readonly origin: string }
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null
  readonly self?: unknown
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

const browserWindow = (): GameFrameWindow | null => (typeof window === 'undefined' ? null : (window as unknown as GameFrameWindow))

/** True when the page runs inside a frame. */
export function isGameFramed(win: GameFrameWindow | null = browserWindow()): boolean {
  return win !== null && win.parent !== null && win.parent !== (win.self ?? win)
}

/** Posts to the parent, only when framed, only to our own origin. Returns whether it was posted. */
export function postToGameParent(message: GameToParentMessage, win: GameFrameWindow | null = browserWindow()): boolean {
  if (!win || !isGameFramed(win) || !win.parent) return false
  win.parent.postMessage(message, win.location.origin)
  return true
}

/** `data` as a message the client takes, or null (other scripts post messages too). */
export function parseParentMessage(data: unknown): ParentToGameMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const message = data as { type?: unknown; on?: unknown }
  if (message.type === 'set_sound' && typeof message.on === 'boolean') return { type: 'set_sound', on: message.on }
  if (message.type === 'refresh_balance') return { type: 'refresh_balance' }
  return null
}

/** Hears the messages of our own origin only; returns the function that stops listening. */
export function listenToGameParent(handler: (message: ParentToGameMessage) => void, win: GameFrameWindow | null = browserWindow()): () => void {
  if (!win) return () => {}
  const listener = (event: MessageEvent) => {
    if (event.origin !== win.location.origin) return
    const message = parseParentMessage(event.data)
    if (message) handler(message)
  }
  win.addEventListener('message', listener)
  return () => win.removeEventListener('message', listener)
}
