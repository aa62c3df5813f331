// The free-spin pack on the table, where the bet selector stands while it lasts: the spins left and
// what each is worth. The pack sets the stake, so there is nothing to choose until it is used up.
import { Plural, Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import type { FreeSpinsOnTable } from '../../../services/api/contract/games'

const card = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  columnGap: '3',
  rowGap: '0.5',
  p: '3',
  borderRadius: 'lg',
  border: '1px solid token(colors.accent)',
  bg: 'surfaceRaised',
})
const badge = css({ gridRow: 'span 2', display: 'grid', placeItems: 'center', w: '11', h: '11', borderRadius: 'full', bg: 'accent', color: 'accentText', textStyle: 'label', fontSize: 'lg' })

export function FreeSpinsCard({ pack, formatMoney }: { pack: FreeSpinsOnTable; formatMoney: (amount: string) => string }) {
  const stake = formatMoney(pack.stake)
  const remaining = pack.remaining
  return (
    <div className={card} data-testid="free-spins" data-remaining={remaining}>
      <span className={badge} aria-hidden="true">
        {remaining}
      </span>
      <p className={css({ textStyle: 'label' })}>
        <Plural value={remaining} one="# free spin left" other="# free spins left" />
      </p>
      <p className={css({ textStyle: 'small', color: 'textMuted' })}>
        <Trans>Each spin is worth {stake}, on us. Wins go to your bonus balance.</Trans>
      </p>
    </div>
  )
}
