import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { SystemPageView } from './SystemPageView'

interface BoundaryProps {
  children: ReactNode
  /** When it changes (the player went elsewhere), a failed page is rendered afresh. */
  resetKey: string
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page view failed:', error, info.componentStack)
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false })
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    // Try again mounts the page anew: its flows start over from their first state.
    return <SystemPageView type="error" onRetry={() => this.setState({ failed: false })} />
  }
}

/**
 * Around a layout's page content: a page whose view throws shows the error page in place of the
 * content, with the header, menus and footer still there. Without it the router's root boundary
 * replaced the whole site with a page that read "not found".
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation()
  return <Boundary resetKey={location.pathname + location.search}>{children}</Boundary>
}
