import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { VERIFIABLE_GAMES } from '../../../machines/games/fairness/fairness.rules'
import {
  selectCanRotate,
  selectFailure,
  selectForm,
  selectFormErrors,
  selectRequest,
  selectResult,
  selectRotateStep,
  selectRound,
  selectVerdict,
  selectVerifyView,
  type VerifyView,
} from '../../../machines/games/fairness/fairness.selectors'
import type { ManualError, ManualField } from '../../../machines/games/fairness/fairness.types'
import { studioTitle } from '../../../shared/games/catalogue'
import { isLocale, type Locale } from '../../../shared/locales'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'
import { Spinner } from '../../kit/Spinner'
import { formFlow, type FairnessRef } from './fairness-ref'
import { OutcomeSummary } from './OutcomeSummary'
import { breakable, hash, json, list, panel, sectionTitle, subTitle } from './styles'
import { TextArea } from '../../kit/TextArea'

const actionsRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const check = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontWeight: 'semibold', '&[data-ok=true]': { color: 'success' }, '&[data-ok=false]': { color: 'danger' } })
const details = css({ '& summary': { cursor: 'pointer', fontWeight: 'semibold', py: '1' }, '& > pre': { mt: '2' } })

function useTitleOf() {
  const { i18n } = useLingui()
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  return (sysname: string) => studioTitle(sysname)?.text[locale].title ?? sysname
}

/** Verifying a round: the one in the address, or one typed by hand. */
export function VerifyPanel({ actor }: { actor: FairnessRef }) {
  const view = useSelector(actor, selectVerifyView)
  return (
    <section className={cx(card(), panel)} aria-labelledby="fairness-verify-title" data-testid="fairness-verify" data-view={view} aria-busy={view === 'loadingRound' || view === 'computing' || undefined}>
      <h2 id="fairness-verify-title" className={sectionTitle}>
        <Trans>Verify a round</Trans>
      </h2>
      <VerifyBody actor={actor} view={view} />
    </section>
  )
}

function VerifyBody({ actor, view }: { actor: FairnessRef; view: VerifyView }) {
  const round = useSelector(actor, selectRound)
  const failure = useSelector(actor, selectFailure)
  const canRotate = useSelector(actor, selectCanRotate)
  const rotating = useSelector(actor, selectRotateStep) === 'rotating'
  const manual = (
    <Button variant="ghost" onClick={() => actor.send({ type: 'verify.manual' })} data-testid="fairness-manual">
      <Trans>Verify by hand</Trans>
    </Button>
  )
  const roundId = round?.id ?? actor.getSnapshot().context.roundId ?? ''
  switch (view) {
    case 'form':
      return <ManualForm actor={actor} />
    case 'loadingRound':
      return (
        <div className={css({ display: 'grid', gap: '3' })} aria-hidden="true">
          <Skeleton height={24} width="60%" />
          <Skeleton height={80} />
        </div>
      )
    case 'awaitingReveal':
      return (
        <Alert
          className={breakable}
          tone="info"
          title={<Trans>Round {roundId} is not revealed yet</Trans>}
          data-testid="fairness-awaiting-reveal"
          action={
            <div className={actionsRow}>
              <Button variant="primary" onClick={() => actor.send({ type: 'seeds.rotate' })} disabled={!canRotate && !rotating} loading={rotating} data-testid="fairness-reveal-rotate">
                <Trans>Rotate seeds and verify</Trans>
              </Button>
              {manual}
            </div>
          }
        >
          <p>
            <Trans>
              It was played with the server seed you are using now, which stays secret until you rotate your seeds. Rotating reveals it, starts a new pair for your next rounds, and
              then this round is checked here.
            </Trans>
          </p>
        </Alert>
      )
    case 'roundFailed':
      return (
        <Alert
          className={breakable}
          tone={failure === 'unfinished' ? 'warning' : 'error'}
          data-testid="fairness-round-failed"
          data-reason={failure ?? undefined}
          action={
            <div className={actionsRow}>
              <Button variant="secondary" onClick={() => actor.send({ type: 'verify.retry' })} data-testid="fairness-retry">
                <Trans>Try again</Trans>
              </Button>
              {manual}
            </div>
          }
        >
          {failure === 'unfinished' ? (
            <p>
              <Trans>Round {roundId} is still being played. Finish it, then verify it here.</Trans>
            </p>
          ) : failure === 'not_found' ? (
            <p>
              <Trans>We could not find round {roundId} among your rounds. Rounds are shown to the person who played them, in the browser or account they played in.</Trans>
            </p>
          ) : (
            <p>
              <Trans>We could not load round {roundId}. Check your connection and try again.</Trans>
            </p>
          )}
        </Alert>
      )
    case 'computing':
      return (
        <p className={css({ display: 'flex', gap: '2', alignItems: 'center' })} role="status" data-testid="fairness-computing">
          <Spinner />
          <Trans>Recomputing the round in your browser…</Trans>
        </p>
      )
    case 'failed':
      return (
        <Alert
          className={breakable}
          tone="error"
          data-testid="fairness-failed"
          data-reason={failure ?? undefined}
          action={
            <div className={actionsRow}>
              <Button variant="secondary" onClick={() => actor.send({ type: 'verify.retry' })}>
                <Trans>Try again</Trans>
              </Button>
              {manual}
            </div>
          }
        >
          <p>
            {failure === 'no_web_crypto' ? (
              <Trans>Your browser cannot compute HMAC-SHA256 on this page. Open the site over https in an up-to-date browser.</Trans>
            ) : failure === 'too_many_numbers' ? (
              <Trans>This round would need far more numbers than any real round: check the bet and the decisions.</Trans>
            ) : failure === 'bad_bet' || failure === 'bad_actions' || failure === 'unknown_game' ? (
              <Trans>The game refused this round’s bet or decisions, so it cannot be replayed.</Trans>
            ) : (
              <Trans>Something went wrong while recomputing the round. Try again.</Trans>
            )}
          </p>
        </Alert>
      )
    case 'match':
    case 'mismatch':
    case 'computed':
      return <Verified actor={actor} view={view} manual={manual} />
  }
}

function Verified({ actor, view, manual }: { actor: FairnessRef; view: 'match' | 'mismatch' | 'computed'; manual: React.ReactNode }) {
  const request = useSelector(actor, selectRequest)
  const result = useSelector(actor, selectResult)
  const verdict = useSelector(actor, selectVerdict, (a, b) => a?.hash === b?.hash && a?.state === b?.state)
  const round = useSelector(actor, selectRound)
  const titleOf = useTitleOf()
  if (!request || !result) return null
  const input = request.input
  const lastCursor = result.blocks - 1
  const words = result.words
  const gameTitle = titleOf(input.game)
  const roundId = round?.id ?? ''
  return (
    <div className={css({ display: 'grid', gap: '4' })} data-testid="fairness-verified" data-verdict={view}>
      {view === 'match' ? (
        <Alert className={breakable} tone="success" title={<Trans>Verified</Trans>} data-testid="fairness-match">
          <p>
            <Trans>Round {roundId} is exactly what its seeds give: the same outcome the server recorded, and a server seed that matches the hash shown before play.</Trans>
          </p>
        </Alert>
      ) : view === 'mismatch' ? (
        <Alert className={breakable} tone="error" title={<Trans>This round does not match its seeds</Trans>} data-testid="fairness-mismatch">
          <p>
            {verdict?.hash === false ? (
              <Trans>The server seed does not hash to the hash shown before play.</Trans>
            ) : (
              <Trans>The outcome computed here differs from the one the server recorded.</Trans>
            )}{' '}
            <Trans>Please contact support with the round number.</Trans>
          </p>
        </Alert>
      ) : (
        <Alert className={breakable} tone="info" title={<Trans>Computed from what you entered</Trans>} data-testid="fairness-computed">
          <p>
            <Trans>Compare the outcome and the hash below with what the game showed you.</Trans>
          </p>
        </Alert>
      )}
      <dl className={list}>
        <div>
          <dt>
            <Trans>Game</Trans>
          </dt>
          <dd>{gameTitle}</dd>
        </div>
        <div>
          <dt>
            <Trans>Server seed</Trans>
          </dt>
          <dd className={hash} data-testid="fairness-verified-seed">
            {input.serverSeed}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Its SHA-256, computed here</Trans>
          </dt>
          <dd className={hash}>
            {result.serverSeedHash}{' '}
            {verdict?.hash !== null && verdict?.hash !== undefined ? (
              <span className={check} data-ok={verdict.hash} data-testid="fairness-hash-check">
                {verdict.hash ? <Trans>✓ the hash shown before play</Trans> : <Trans>✗ not the hash shown before play</Trans>}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Client seed and nonce</Trans>
          </dt>
          <dd className={hash}>
            {input.clientSeed} · {input.nonce}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Numbers drawn (four bytes each)</Trans>
          </dt>
          <dd data-testid="fairness-words">{words}</dd>
        </div>
        <div>
          <dt>
            <Trans>Cursors (HMAC-SHA256 blocks)</Trans>
          </dt>
          <dd>{lastCursor > 0 ? `0–${lastCursor}` : '0'}</dd>
        </div>
      </dl>
      <div className={css({ display: 'grid', gap: '3' })}>
        <h3 className={subTitle}>
          <Trans>Outcome</Trans>
          {verdict?.state !== null && verdict?.state !== undefined ? (
            <>
              {' '}
              <span className={check} data-ok={verdict.state} data-testid="fairness-state-check">
                {verdict.state ? <Trans>✓ the same as the server’s</Trans> : <Trans>✗ not the server’s</Trans>}
              </span>
            </>
          ) : null}
        </h3>
        <OutcomeSummary kind={result.kind} view={result.view} multiplier={result.multiplier} />
      </div>
      <details className={details}>
        <summary>
          <Trans>Raw result (JSON)</Trans>
        </summary>
        <pre className={json} data-testid="fairness-raw">
          {JSON.stringify(result.view, null, 2)}
        </pre>
        {view === 'mismatch' && request.recorded ? (
          <>
            <p className={css({ mt: '3', fontWeight: 'semibold' })}>
              <Trans>What the server recorded</Trans>
            </p>
            <pre className={json}>{JSON.stringify(request.recorded.state, null, 2)}</pre>
          </>
        ) : null}
      </details>
      <div className={actionsRow}>{manual}</div>
    </div>
  )
}

// JSON has braces, which a translated message would read as placeholders: the examples are values.
const BET_EXAMPLE = '{"target":50.5,"direction":"over"}'
const ACTIONS_EXAMPLE = '[{"reveal":3},{"cashOut":true}]'

function ManualForm({ actor }: { actor: FairnessRef }) {
  const { t } = useLingui()
  const form = useSelector(actor, selectForm)
  const errors = useSelector(actor, selectFormErrors)
  const titleOf = useTitleOf()
  const change = (name: ManualField) => (e: { currentTarget: { value: string } }) => actor.send({ type: 'verify.field.change', name, value: e.currentTarget.value })
  const message = (error: ManualError | undefined): string | undefined => {
    switch (error) {
      case undefined:
        return undefined
      case 'required':
        return t`Fill this in.`
      case 'unknown_game':
        return t`Choose one of our games.`
      case 'server_seed':
        return t`A server seed is 64 characters, 0–9 and a–f.`
      case 'client_seed':
        return t`A client seed is 1 to 64 characters, without spaces or colons.`
      case 'nonce':
        return t`The nonce is a whole number: 0 for your first round with a pair, then 1, 2, …`
      case 'json':
        return t`This is not valid JSON.`
      case 'not_a_list':
        return t`The decisions are a JSON list, such as ["hit", "stand"].`
      case 'bad_bet':
        return t`The game does not take this bet. Copy it from the round as it was recorded.`
      case 'bad_actions':
        return t`The game cannot take these decisions in this round.`
    }
  }
  return (
    <Form
      flow={formFlow(actor, 'manual')}
      className={css({ display: 'grid', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'verify.submit' })
      }}
      data-testid="fairness-manual-form"
    >
      <p className={css({ color: 'textMuted', fontSize: 'sm' })}>
        <Trans>Enter a round’s revealed server seed, client seed and nonce with its bet, and the page recomputes it here, with the games’ own code.</Trans>
      </p>
      <Select label={t`Game`} placeholder={t`Choose a game`} value={form.game} onChange={change('game')} error={message(errors.game)} data-testid="fairness-field-game">
        {VERIFIABLE_GAMES.map((sysname) => (
          <option key={sysname} value={sysname}>
            {titleOf(sysname)}
          </option>
        ))}
      </Select>
      <Input
        label={t`Server seed (revealed)`}
        value={form.serverSeed}
        onChange={change('serverSeed')}
        error={message(errors.serverSeed)}
        autoComplete="off"
        spellCheck={false}
        data-testid="fairness-field-server-seed"
      />
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(0, 2fr) minmax(0, 1fr)' } })}>
        <Input label={t`Client seed`} value={form.clientSeed} onChange={change('clientSeed')} error={message(errors.clientSeed)} autoComplete="off" spellCheck={false} data-testid="fairness-field-client-seed" />
        <Input label={t`Nonce`} value={form.nonce} onChange={change('nonce')} error={message(errors.nonce)} inputMode="numeric" autoComplete="off" data-testid="fairness-field-nonce" />
      </div>
      <TextArea code label={t`Bet (JSON)`} hint={t`As the round recorded it, for example ${BET_EXAMPLE}. Leave it empty for games without options.`} value={form.bet} onChange={change('bet')} error={message(errors.bet)} rows={2} data-testid="fairness-field-bet" />
      <TextArea
        code
        label={t`Decisions (JSON list)`}
        hint={t`For mines, high-low, blackjack and video poker, in order, for example ${ACTIONS_EXAMPLE}. Empty for other games.`}
        value={form.actions}
        onChange={change('actions')}
        error={message(errors.actions)}
        rows={2}
        data-testid="fairness-field-actions"
      />
      <div>
        <Button type="submit" variant="primary" data-testid="fairness-verify-submit">
          <Trans>Verify</Trans>
        </Button>
      </div>
    </Form>
  )
}
