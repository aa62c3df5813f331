import { css } from 'styled-system/css'

export const sectionTitle = css({ textStyle: 'title' })
/** A card's one column never grows past the card: a 64-character hash or a formula wraps or scrolls inside it. */
export const panel = css({ gridTemplateColumns: 'minmax(0, 1fr)', minW: '0' })
/**
 * Messages that quote a seed or a hash break it anywhere rather than widen the page. Set on every
 * element inside: the base styles give paragraphs `break-word`, which does not narrow a layout.
 */
export const breakable = css({ '&, & *': { overflowWrap: 'anywhere' } })
export const subTitle = css({ textStyle: 'label', fontSize: 'md' })
/** A seed, a hash, JSON: monospace, broken anywhere so a 64-character hash never widens a phone's page. */
export const hash = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere', wordBreak: 'break-all' })
export const list = css({
  display: 'grid',
  gap: '3',
  m: '0',
  '& > div': { display: 'grid', gap: '0.5', minW: '0' },
  '& dt': { color: 'textMuted', fontSize: 'sm' },
  '& dd': { m: '0', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
})
export const prose = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', maxW: '70ch', '& p': { lineHeight: '1.6' }, '& code': { fontFamily: 'mono', fontSize: 'sm', bg: 'surfaceRaised', px: '1', borderRadius: 'sm', overflowWrap: 'anywhere' } })
export const json = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  bg: 'bg',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'md',
  p: '3',
  maxH: '80',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
})
