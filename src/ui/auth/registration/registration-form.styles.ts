// Styles the registration form's parts share.
import { css } from 'styled-system/css'

export const checkRow = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2', alignItems: 'start', textStyle: 'small', color: 'text', cursor: 'pointer' })
export const checkbox = css({ width: '5', height: '5', m: '0', accentColor: 'var(--colors-accent)', cursor: 'pointer' })
export const group = css({ display: 'grid', gap: '3' })
