import { useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { BET_FILTERS, type BetFilter } from '../../../machines/sportsbook/bets/bets.types'

// Chips that scroll sideways on a phone rather than wrap into a second row.
const bar = css({ display: 'flex', gap: '2', overflowX: 'auto', minW: '0', maxW: 'full', listStyle: 'none', p: '0', m: '0', pb: '1', scrollbarWidth: 'thin' })
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '9',
  px: '3',
  borderRadius: 'full',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  bg: 'surface',
  color: 'text',
  fontSize: 'sm',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  textDecoration: 'none',
  transition: 'background 150ms, border-color 150ms',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
  '&[aria-current=page], &[aria-pressed=true]': { bg: 'accent', borderColor: 'accent', color: 'accentText' },
})

export function useFilterLabels(): Record<BetFilter, string> {
  const { t } = useLingui()
  return { all: t`All`, open: t`Open`, settled: t`Settled`, won: t`Won`, lost: t`Lost`, cashed_out: t`Cashed out` }
}

/**
 * The status filter. On /bets/* each is a link to its path (the address is the filter, so it can be
 * shared and the back button works); inside the profile page they are toggle buttons.
 */
export function BetFilterTabs({ filter, hrefOf, onPick }: { filter: BetFilter; hrefOf?: (filter: BetFilter) => string; onPick: (filter: BetFilter) => void }) {
  const { t } = useLingui()
  const labels = useFilterLabels()
  return (
    <nav aria-label={t`Filter bets by status`} className={css({ minW: '0' })}>
      <ul className={bar}>
        {BET_FILTERS.map((f) => (
          <li key={f}>
            {hrefOf ? (
              <Link to={hrefOf(f)} className={chip} aria-current={f === filter ? 'page' : undefined} data-filter={f}>
                {labels[f]}
              </Link>
            ) : (
              <button type="button" className={chip} aria-pressed={f === filter} data-filter={f} onClick={() => onPick(f)}>
                {labels[f]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
