import { ICONS } from '../../shared/icons'

/** Inlined once per page; icons reference it with <use>, so no extra request and no layout shift. */
export function IconSprite() {
  const symbols = Object.entries(ICONS)
    .map(([name, body]) => `<symbol id="icon-${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`)
    .join('')
  return <svg aria-hidden="true" style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }} dangerouslySetInnerHTML={{ __html: symbols }} />
}
