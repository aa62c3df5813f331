import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import {
  selectCanPrefill,
  selectClientSeed,
  selectClientSeedError,
  selectReveal,
  selectRotateFailure,
  selectRotateStep,
  selectSeeds,
  selectSeedsView,
} from '../../../machines/games/fairness/fairness.selectors'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'
import { formFlow, type FairnessRef } from './fairness-ref'
import { breakable, hash, list, panel, sectionTitle, subTitle } from './styles'

/** The caller's seeds: the pair in use (its hash only), rotating it, and the last revealed pair. */
export function SeedsPanel({ actor }: { actor: FairnessRef }) {
  const { t } = useLingui()
  const view = useSelector(actor, selectSeedsView)
  const seeds = useSelector(actor, selectSeeds)
  const step = useSelector(actor, selectRotateStep)
  const clientSeed = useSelector(actor, selectClientSeed)
  const clientSeedError = useSelector(actor, selectClientSeedError)
  const failure = useSelector(actor, selectRotateFailure)
  const reveal = useSelector(actor, selectReveal)
  const canPrefill = useSelector(actor, selectCanPrefill)
  return (
    <section className={cx(card(), panel)} aria-labelledby="fairness-seeds-title" data-testid="fairness-seeds" data-view={view} data-step={step} aria-busy={view === 'loading' || step === 'rotating' || undefined}>
      <h2 id="fairness-seeds-title" className={sectionTitle}>
        <Trans>Your seeds</Trans>
      </h2>
      {view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'seeds.retry' })}>
          <Trans>We could not load your seeds.</Trans>
        </LoadFailed>
      ) : view === 'loading' || !seeds ? (
        <div className={css({ display: 'grid', gap: '3' })} aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : (
        <>
          <dl className={list}>
            <div>
              <dt>
                <Trans>Server seed hash (SHA-256), shown before you play</Trans>
              </dt>
              <dd className={hash} data-testid="fairness-active-hash">
                {seeds.active.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Client seed</Trans>
              </dt>
              <dd className={hash} data-testid="fairness-active-client-seed">
                {seeds.active.clientSeed}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Nonce of your next round</Trans>
              </dt>
              <dd data-testid="fairness-active-nonce">{seeds.active.nonce}</dd>
            </div>
          </dl>
          <Form
            flow={formFlow(actor, 'rotate')}
            className={css({ display: 'grid', gap: '3' })}
            onSubmit={(e) => {
              e.preventDefault()
              actor.send({ type: 'seeds.rotate' })
            }}
            data-testid="fairness-rotate-form"
          >
            <Input
              label={t`New client seed (optional)`}
              hint={t`Leave it empty to keep yours. 1 to 64 characters, no spaces or colons.`}
              value={clientSeed}
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              error={clientSeedError === 'pattern' ? t`Use 1 to 64 letters, digits or symbols, without spaces or colons.` : clientSeedError === 'refused' ? t`This client seed was not accepted. Try another one.` : undefined}
              onChange={(e) => actor.send({ type: 'seeds.clientSeed.change', value: e.currentTarget.value })}
              disabled={step === 'rotating'}
              data-testid="fairness-client-seed"
            />
            <div>
              <Button type="submit" variant="primary" loading={step === 'rotating'} data-testid="fairness-rotate">
                <Trans>Rotate seeds</Trans>
              </Button>
            </div>
            <p className={css({ color: 'textMuted', fontSize: 'sm' })}>
              <Trans>Rotating reveals the server seed you played with and starts a new one, with its hash shown here first.</Trans>
            </p>
          </Form>
          {step === 'failed' ? (
            <Alert className={breakable} tone="error" data-testid="fairness-rotate-failed" data-reason={failure ?? undefined}>
              {failure === 'throttled' ? <Trans>You have rotated your seeds many times this hour. Try again later.</Trans> : <Trans>We could not rotate your seeds. Check your connection and try again.</Trans>}
            </Alert>
          ) : null}
          {reveal ? (
            <Alert
              className={breakable}
              tone={reveal.matches === false ? 'error' : 'success'}
              title={<Trans>Seeds rotated</Trans>}
              data-testid="fairness-reveal"
              data-matches={reveal.matches === null ? 'unknown' : String(reveal.matches)}
            >
              <p>
                <Trans>The server seed you played with:</Trans>
              </p>
              <p className={hash} data-testid="fairness-revealed-seed">
                {reveal.serverSeed}
              </p>
              {reveal.matches === true ? (
                <p>
                  <Trans>Its SHA-256, computed in your browser, is the hash you were shown before: {reveal.shownHash}.</Trans>
                </p>
              ) : reveal.matches === false ? (
                <p>
                  <Trans>
                    Its SHA-256 ({reveal.hash}) is not the hash you were shown before ({reveal.shownHash}). Please contact support.
                  </Trans>
                </p>
              ) : (
                <p>
                  <Trans>Your browser cannot compute SHA-256 on this page. Check it elsewhere against the hash shown before: {reveal.shownHash}.</Trans>
                </p>
              )}
            </Alert>
          ) : null}
          {seeds.previous ? (
            <div className={css({ display: 'grid', gap: '3' })} data-testid="fairness-previous">
              <h3 className={subTitle}>
                <Trans>Your last revealed pair</Trans>
              </h3>
              <dl className={list}>
                <div>
                  <dt>
                    <Trans>Server seed</Trans>
                  </dt>
                  <dd className={hash} data-testid="fairness-previous-seed">
                    {seeds.previous.serverSeed}
                  </dd>
                </div>
                <div>
                  <dt>
                    <Trans>Its hash (SHA-256)</Trans>
                  </dt>
                  <dd className={hash} data-testid="fairness-previous-hash">
                    {seeds.previous.serverSeedHash}
                  </dd>
                </div>
                <div>
                  <dt>
                    <Trans>Client seed</Trans>
                  </dt>
                  <dd className={hash}>{seeds.previous.clientSeed}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Rounds played with it</Trans>
                  </dt>
                  <dd>
                    {seeds.previous.rounds > 1 ? (
                      <Trans>
                        {seeds.previous.rounds} (nonces 0 to {seeds.previous.rounds - 1})
                      </Trans>
                    ) : seeds.previous.rounds === 1 ? (
                      <Trans>1 (nonce 0)</Trans>
                    ) : (
                      0
                    )}
                  </dd>
                </div>
              </dl>
              {canPrefill ? (
                <div>
                  <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'verify.prefill' })} data-testid="fairness-prefill">
                    <Trans>Verify a round with this pair</Trans>
                  </Button>
                </div>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
