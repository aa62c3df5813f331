// Pure rules of the chat widget (SPEC §4 'Chat widget', §9 chat lazy-load fallback).
import { CHAT_LAZY_LOAD_FALLBACK_MS } from '../../../shared/constants'
import type { ChatKind, ChatVendorKind, ChatVisitor, ChatWidgetSettings } from './chat-widget.types'

/** None and our own chat load no vendor script. */
export function hasVendorScript(kind: ChatKind): kind is ChatVendorKind {
  return kind !== 'none' && kind !== 'builtin'
}

/** The kind of a settings that has a vendor; a chart that asks otherwise is a bug. */
export function vendorKindOf(settings: ChatWidgetSettings): ChatVendorKind {
  if (!hasVendorScript(settings.kind)) throw new Error(`chatWidgetMachine: the kind ${settings.kind} has no vendor script`)
  return settings.kind
}

/** The configured fallback delay, or SPEC §9's 1000 ms when it is missing or not a sane number. */
export function lazyLoadDelayMs(settings: ChatWidgetSettings): number {
  const ms = settings.lazyLoadMs
  return typeof ms === 'number' && Number.isInteger(ms) && ms >= 0 && ms <= 60_000 ? ms : CHAT_LAZY_LOAD_FALLBACK_MS
}

export function sameVisitor(a: ChatVisitor, b: ChatVisitor): boolean {
  return a.uid === b.uid && a.name === b.name && a.email === b.email && a.phone === b.phone && a.locale === b.locale && a.sessionCookie === b.sessionCookie
}

export const isPlayer = (visitor: ChatVisitor): boolean => visitor.uid > 0
