import { Plural, Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import type { gameHistoryMachine } from '../../../machines/games/history/history.machine'
import { selectCanExport, selectExportBusy, selectExportFile, selectExportShown, selectExportView } from '../../../machines/games/history/history.selectors'
import { Button, ButtonLink } from '../../kit/Button'
import { Icon } from '../../icons/Icon'

type HistoryRef = ActorRefFrom<typeof gameHistoryMachine>

const box = css({ display: 'grid', justifyItems: { base: 'stretch', tablet: 'end' }, w: { base: 'full', tablet: 'auto' } })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: { base: 'stretch', tablet: 'flex-end' }, '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })
const status = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  fontSize: 'sm',
  color: 'textMuted',
  textAlign: { base: 'start', tablet: 'end' },
  '&[data-tone=error]': { color: 'danger' },
  '&[data-tone=success]': { color: 'text' },
  // Always in the page (a live region added with its text is not always announced), taking no room while silent.
  mt: '2',
  _empty: { mt: '0' },
})

/**
 * The CSV of the rounds the filters show: asked for, made by the server's job (the flow asks about
 * it every 2 s), then a download link. The status line is a polite live region, so a screen reader
 * hears "being made", "ready" and failures without moving focus.
 */
export function RoundsExport({ actor }: { actor: HistoryRef }) {
  const shown = useSelector(actor, selectExportShown)
  const view = useSelector(actor, selectExportView)
  const busy = useSelector(actor, selectExportBusy)
  const canAsk = useSelector(actor, selectCanExport)
  const file = useSelector(actor, selectExportFile)
  const ask = () => actor.send({ type: 'export.request' })
  // Refused by the server: the button goes and the status line, already in the page, says why.
  if (!shown && view !== 'refused') return null
  const failed = view === 'failed' || view === 'unreachable'
  return (
    <div className={box} data-testid="rounds-export" data-state={view}>
      {shown ? (
      <div className={actions}>
        {file ? (
          <ButtonLink href={file.url} download variant="primary" size="sm" data-testid="rounds-export-download">
            <Trans>Download CSV file</Trans>
          </ButtonLink>
        ) : null}
        {file ? (
          <Button variant="ghost" size="sm" onClick={ask} disabled={!canAsk} data-testid="rounds-export-again">
            <Trans>Make a new file</Trans>
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={ask} loading={busy} disabled={!busy && !canAsk} data-testid="rounds-export-request">
            {failed ? <Trans>Try again</Trans> : <Trans>Export as CSV</Trans>}
          </Button>
        )}
      </div>
      ) : null}
      <p className={status} role="status" data-tone={failed ? 'error' : file ? 'success' : undefined} data-testid="rounds-export-status">
        {failed ? <Icon name="error" size={16} /> : file ? <Icon name="success" size={16} /> : null}
        {busy ? (
          <Trans>Preparing your file. It takes a few seconds.</Trans>
        ) : file ? (
          file.rows === null ? (
            <Trans>Your file is ready.</Trans>
          ) : (
            <Plural value={file.rows} one="Your file is ready: # round." other="Your file is ready: # rounds." />
          )
        ) : view === 'failed' ? (
          <Trans>We could not make your file. Please try again.</Trans>
        ) : view === 'unreachable' ? (
          <Trans>We could not reach the server. Check your connection and try again.</Trans>
        ) : view === 'refused' ? (
          <Trans>Downloading your history is switched off right now. Please try again later.</Trans>
        ) : null}
      </p>
    </div>
  )
}
