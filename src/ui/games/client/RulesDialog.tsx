// The rules and paytable of a title: what it is, its stated figures (RTP, volatility, hit frequency
// and how each was obtained), its bet limits and its paytable, and how a round is proven fair.
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import { css } from 'styled-system/css'
import type { Purse } from '../../../services/api/contract/games'
import type { StudioTitle } from '../../../shared/games/catalogue'
import type { Locale } from '../../../shared/locales'
import { Dialog } from '../../kit/Dialog'
import { money, percent } from './format'
import { useMethodText, useVolatilityText } from './messages'
import { Paytable } from './Paytable'

const facts = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '4',
  rowGap: '2',
  m: 0,
  textStyle: 'small',
  '& dt': { color: 'textMuted' },
  '& dd': { m: 0, fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
})

export function RulesDialog({ open, onClose, title, purse, bet }: { open: boolean; onClose: () => void; title: StudioTitle; purse: Purse | null; bet: Record<string, unknown> }) {
  const { i18n } = useLingui()
  const locale = i18n.locale as Locale
  const volatility = useVolatilityText()
  const method = useMethodText()
  const { figures } = title
  const text = title.text[locale] ?? title.text.en
  const rtp = figures.rtpMax ? `${percent(figures.rtp, locale)} – ${percent(figures.rtpMax, locale)}` : percent(figures.rtp, locale)
  const name = text.title
  // The rules open at their top, not at the first link far below.
  const top = useRef<HTMLParagraphElement>(null)
  return (
    <Dialog open={open} onClose={onClose} title={<Trans>{name}: rules and paytable</Trans>} size="lg" initialFocusRef={top}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', pb: '2' })} data-testid="game-rules">
        <p ref={top} tabIndex={-1} className={css({ textStyle: 'body', outline: 'none' })}>
          {text.description}
        </p>
        <dl className={facts}>
          <dt>
            <Trans>Return to player</Trans>
          </dt>
          <dd>{rtp}</dd>
          <dt>
            <Trans>Volatility</Trans>
          </dt>
          <dd>{volatility(figures.volatility)}</dd>
          <dt>
            <Trans>Hit frequency</Trans>
          </dt>
          <dd>{figures.hitFrequency === null ? <Trans>depends on how you play</Trans> : percent(figures.hitFrequency, locale)}</dd>
          <dt>
            <Trans>How the figures were obtained</Trans>
          </dt>
          <dd className={css({ fontWeight: 'regular' })}>{method(figures.method)}</dd>
          {purse?.limits ? (
            <>
              <dt>
                <Trans>Bets</Trans>
              </dt>
              <dd>
                {money(purse.limits.min, purse.currency, locale)} – {money(purse.limits.max, purse.currency, locale)}
              </dd>
            </>
          ) : null}
        </dl>
        <Paytable title={title} bet={bet} />
        <p className={css({ textStyle: 'small', color: 'textMuted' })}>
          <Trans>
            Every round is provably fair: its numbers come from your seeds, shown before you play, and each round in your history links to its proof.
          </Trans>{' '}
          <a href="/fairness" target="_blank" rel="noopener" className={css({ color: 'accent', textDecoration: 'underline' })}>
            <Trans>How to check a round</Trans>
          </a>
        </p>
      </div>
    </Dialog>
  )
}
