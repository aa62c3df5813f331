// @vitest-environment happy-dom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, Link, Outlet, RouterProvider, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PageErrorBoundary } from './PageErrorBoundary'
import { errorPageType } from './RouteErrorPage'

afterEach(cleanup)
// React reports what a boundary caught on the console; the tests read the page instead.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => vi.restoreAllMocks())

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

describe('errorPageType (SPEC §2.5)', () => {
  it('a thrown error is an error page, never not found', () => {
    expect(errorPageType(new RangeError('Not a decimal amount: "abc"'))).toBe('error')
    expect(errorPageType('a string')).toBe('error')
  })

  it('an answer with a status keeps its SPEC page', () => {
    expect(errorPageType(new ErrorResponse(404, 'Not Found', null))).toBe('notFound')
    expect(errorPageType(new ErrorResponse(403, 'Forbidden', null))).toBe('forbidden')
    expect(errorPageType(new ErrorResponse(503, '', null))).toBe('maintenance')
    expect(errorPageType(new ErrorResponse(403, '', { type: 'UserBannedException' }))).toBe('userBlocked')
  })
})

describe('PageErrorBoundary', () => {
  /** The layout's header, a page that throws while `broken.now`, and another page. */
  function site(broken: { now: boolean }) {
    function Deposit() {
      if (broken.now) throw new RangeError('Not a decimal amount: "abc"')
      return <p data-testid="deposit">deposit form</p>
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: () => <p data-testid="root-boundary">the whole site replaced</p>,
          element: (
            <>
              <header data-testid="header">
                <Link to="/other">other</Link>
              </header>
              <PageErrorBoundary>
                <Outlet />
              </PageErrorBoundary>
            </>
          ),
          children: [
            { path: 'cashier/deposit', Component: Deposit },
            { path: 'other', Component: () => <p data-testid="other">other page</p> },
          ],
        },
      ],
      { initialEntries: ['/cashier/deposit'] },
    )
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
    return router
  }

  it('a page whose view throws shows the error page in place of the page, and the header stays', () => {
    site({ now: true })
    const page = screen.getByTestId('system-page')
    expect(page.dataset.pageType).toBe('error')
    expect(screen.getByRole('heading').textContent).toBe('Something went wrong')
    expect(page.textContent).not.toContain('Page Not Found')
    expect(screen.getByTestId('header')).toBeTruthy()
    expect(screen.queryByTestId('root-boundary')).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/')
  })

  it('try again renders the page anew', () => {
    const broken = { now: true }
    site(broken)
    broken.now = false
    fireEvent.click(screen.getByTestId('system-page-retry'))
    expect(screen.getByTestId('deposit')).toBeTruthy()
    expect(screen.queryByTestId('system-page')).toBeNull()
  })

  it('going elsewhere leaves the error behind', async () => {
    const router = site({ now: true })
    await act(() => router.navigate('/other'))
    expect(screen.getByTestId('other')).toBeTruthy()
    expect(screen.queryByTestId('system-page')).toBeNull()
  })
})
