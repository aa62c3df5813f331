import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { selectGeneralInfo } from '../../../machines/app/app/app.selectors'
import { gameHistoryMachine } from '../../../machines/games/history/history.machine'
import { selectExportView, selectLoadingRounds, selectRoundsView } from '../../../machines/games/history/history.selectors'
import { useAppSelector } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { RoundsExport } from './RoundsExport'
import { RoundsFilters } from './RoundsFilters'
import { RoundsList } from './RoundsList'

const section = css({ display: 'grid', gap: '4', minW: '0' })
// The title on the line of the export's buttons; the export's status line hangs below them.
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '3', mt: '2' })
const title = css({ textStyle: 'title' })

/**
 * "Casino rounds" of /profile/bets: the player's real and fun rounds with their filters and the CSV
 * export (docs/games.md#the-catalogue-on-the-server). A section of its own, so the sportsbook's bets
 * can sit beside it on the page.
 */
export function CasinoRounds() {
  // General info's switch: off until it is known, so a refused button never shows.
  const exportEnabled = useAppSelector(selectGeneralInfo)?.is_game_history_export_enabled ?? false
  const actor = useFlowActor(gameHistoryMachine, { input: { exportEnabled } })
  useEffect(() => {
    actor.send({ type: 'export.setting', enabled: exportEnabled })
  }, [actor, exportEnabled])
  const view = useSelector(actor, selectRoundsView)
  const exportView = useSelector(actor, selectExportView)
  const loading = useSelector(actor, selectLoadingRounds)
  return (
    <section className={section} aria-labelledby="casino-rounds-title" aria-busy={loading || undefined} data-testid="casino-rounds" data-state={view} data-export={exportView}>
      <div className={head}>
        <h2 id="casino-rounds-title" className={title}>
          <Trans>Casino rounds</Trans>
        </h2>
        <RoundsExport actor={actor} />
      </div>
      <RoundsFilters actor={actor} />
      <RoundsList actor={actor} />
    </section>
  )
}
