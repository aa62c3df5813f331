import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { Icon } from '../../ui/icons/Icon'
import { ICONS, type IconName } from '../../shared/icons'

const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: '3', listStyle: 'none', p: '0' })
const cell = css({ display: 'grid', justifyItems: 'center', gap: '2', p: '3', borderRadius: 'md', bg: 'surface', fontSize: 'sm', color: 'textMuted' })

/** The sprite page of SPEC §2.1: every icon with its name, for designers and QA. */
export function IconsPage() {
  return (
    <>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', mb: '4' })}>
        <Trans>Icons</Trans>
      </h1>
      <ul className={grid}>
        {(Object.keys(ICONS) as IconName[]).map((name) => (
          <li key={name} className={cell}>
            <Icon name={name} size={32} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </>
  )
}
