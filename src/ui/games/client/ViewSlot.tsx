// The per-kind view, loaded as its own chunk (views/index.ts): a placeholder of the stage's size while
// it loads, and a clear "cannot be shown" when there is no view for the kind or it fails to load.
import { Trans } from '@lingui/react/macro'
import { Component, lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Skeleton } from '../../kit/Skeleton'
import { viewLoader } from './views'
import type { GameViewProps } from './views/view-types'

export function StagePlaceholder() {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} aria-hidden="true">
      <Skeleton height="auto" radius="lg" className={css({ aspectRatio: '16 / 9' })} />
      <Skeleton height={44} radius="md" />
    </div>
  )
}

export function CannotShow() {
  return (
    <div role="status" data-testid="game-cannot-show" className={css({ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', textAlign: 'center', p: '6', borderRadius: 'lg', bg: 'surface', border: '1px dashed token(colors.borderStrong)' })}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', maxW: '24rem' })}>
        <p className={css({ textStyle: 'title' })}>
          <Trans>This game cannot be shown here yet</Trans>
        </p>
        <p className={css({ textStyle: 'small', color: 'textMuted' })}>
          <Trans>Its table is not part of this version of the site. Your balance is untouched; pick another game.</Trans>
        </p>
      </div>
    </div>
  )
}

class ViewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <CannotShow /> : this.props.children
  }
}

const lazies = new Map<string, ComponentType<GameViewProps> | null>()

/** The kind's lazy component, made once per kind (a new lazy() on every render would remount the view). */
export function lazyView(kind: string): ComponentType<GameViewProps> | null {
  if (!lazies.has(kind)) {
    const load = viewLoader(kind)
    lazies.set(kind, load ? lazy(load) : null)
  }
  return lazies.get(kind)!
}

/** Starts loading the kind's chunk at once, so it is there by the time the table opens. */
export function preloadView(kind: string): void {
  void viewLoader(kind)?.().catch(() => {})
}

export function ViewSlot(props: GameViewProps) {
  const View = useMemo(() => lazyView(props.title.kind), [props.title.kind])
  if (!View) return <CannotShow />
  return (
    <ViewBoundary>
      <Suspense fallback={<StagePlaceholder />}>
        <View {...props} />
      </Suspense>
    </ViewBoundary>
  )
}
