import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { fairnessMachine } from '../../../machines/games/fairness/fairness.machine'
import { useFlowActor } from '../../app/useFlowActor'
import { HowItWorks } from './HowItWorks'
import { SeedsPanel } from './SeedsPanel'
import { VerifyPanel } from './VerifyPanel'

const page = css({ maxW: '1200px', mx: 'auto', px: { base: '4', tablet: '6' }, py: { base: '6', tablet: '10' }, display: 'grid', gap: { base: '4', tablet: '6' } })
const heading = css({ textStyle: 'display' })
const intro = css({ color: 'textMuted', fontSize: 'md', maxW: '70ch' })
const columns = css({
  display: 'grid',
  gap: { base: '4', tablet: '6' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', laptop: 'minmax(0, 3fr) minmax(0, 2fr)' },
  alignItems: 'start',
})

/**
 * /fairness: the caller's seeds, a round verified in the browser (from ?round=ID or by hand) and
 * how it all works, for players and visitors alike (a visitor's demo rounds have seeds too).
 */
export function FairnessScreen({ roundId }: { roundId: string | null }) {
  const actor = useFlowActor(fairnessMachine, { input: { roundId } })
  return (
    <section className={page} data-testid="page-fairness">
      <header className={css({ display: 'grid', gap: '3' })}>
        {/* The route's title (routes.tsx), the same message. */}
        <h1 className={heading}>
          <Trans>Provably fair</Trans>
        </h1>
        <p className={intro}>
          <Trans>
            Every round of our own games can be checked. Its numbers come from seeds we commit to before you play, and this page recomputes any round in your browser, with the games’
            own code.
          </Trans>
        </p>
      </header>
      <div className={columns}>
        <VerifyPanel actor={actor} />
        <SeedsPanel actor={actor} />
      </div>
      <HowItWorks actor={actor} />
    </section>
  )
}
