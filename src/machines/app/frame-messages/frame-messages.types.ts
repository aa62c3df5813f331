// Types of the frame-messages flow (SPEC §2.3 'checkIframe', 'refresh_user', 'redirect').

/** Where this page is when a message arrives: what a redirect is resolved against and compared with. */
export interface FramePage {
  readonly href: string
  readonly pathname: string
}

export type FrameMessagesEvent =
  /** The router moved: a framed page tells a same-origin parent where it is now (checkIframe). */
  | { type: 'frame.navigated' }
  /** A frame of ours: the player logged in or registered inside it. */
  | { type: 'frame.refreshUser' }
  /** A frame of ours asks the top page to go to `url` (absolute, or relative to the page). */
  | { type: 'frame.redirect'; url: string; page: FramePage }
  /** A page of ours found itself in one of our frames, at `path`. */
  | { type: 'frame.checkIframe'; path: string; page: FramePage }

/** What the listener hears: only our own frames' messages, parsed (the parent side). */
export type FrameHeardEvent = Exclude<FrameMessagesEvent, { type: 'frame.navigated' }>

export interface FrameMessagesActionParams {
  /** Tells a same-origin parent this page's path (checkIframe). */
  readonly announceLocation: undefined
  /** The root actor re-reads the session ('session.refresh'). */
  readonly refreshSession: undefined
  /** A full load of `url`: the top page leaves for it. */
  readonly goTo: { readonly url: string }
}
