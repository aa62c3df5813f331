import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Link, useLoaderData } from 'react-router'
import { css } from 'styled-system/css'
import type { Block, ContentPage, Span } from '../../services/api/contract/content'
import { HOME_CRUMB } from './breadcrumbs'
import { usePageHead } from '../../ui/app/page-head'

const article = css({ maxW: '720px', mx: 'auto', py: '8', px: '4', display: 'grid', gap: '4' })
const heading = css({ textStyle: 'display' })
const subheading = css({ fontSize: 'xl', fontWeight: 'bold', mt: '2' })
const list = css({ pl: '6', display: 'grid', gap: '1', '&[data-kind=list]': { listStyle: 'disc' }, '&[data-kind=ordered]': { listStyle: 'decimal' } })
const link = css({ color: 'accent', textDecoration: 'underline' })
const crumbs = css({ display: 'flex', flexWrap: 'wrap', gap: '2', fontSize: 'sm', color: 'textMuted', '& li + li::before': { content: '"/"', mr: '2' } })
const faq = css({ display: 'grid', gap: '2', mt: '4' })
const question = css({ fontWeight: 'bold', cursor: 'pointer', py: '2' })

/**
 * A content page (SPEC §2.1 /{slug}): breadcrumbs, the rich text the server parsed into spans and
 * blocks (rendered as elements; the operator's text is never HTML), and the FAQ block.
 */
export function ContentPageView() {
  const page = useLoaderData() as ContentPage
  const { t, i18n } = useLingui()
  // SSR writes the head; after a client-side move it follows the page (its own title, description, JSON-LD).
  usePageHead({ routeName: 'slug', title: page.title, noindex: false, page })
  const trail = [{ name: i18n._(HOME_CRUMB), path: '/' }, ...page.breadcrumbs]
  return (
    <article className={article} data-testid="content-page">
      <nav aria-label={t`Breadcrumb`}>
        <ol className={crumbs}>
          {trail.map((step, i) =>
            i === trail.length - 1 ? (
              <li key={i} aria-current="page">
                {step.name}
              </li>
            ) : (
              <li key={i}>
                <Link className={link} to={step.path}>
                  {step.name}
                </Link>
              </li>
            ),
          )}
        </ol>
      </nav>
      <h1 className={heading}>{page.title}</h1>
      {page.body.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
      {page.faq.length > 0 && (
        <section className={faq} aria-labelledby="faq-heading" data-testid="content-faq">
          <h2 id="faq-heading" className={subheading}>
            <Trans>Frequently asked questions</Trans>
          </h2>
          {page.faq.map((entry, i) => (
            <details key={i}>
              <summary className={question}>{entry.question}</summary>
              <p>
                <Spans spans={entry.answer} />
              </p>
            </details>
          ))}
        </section>
      )}
    </article>
  )
}

function BlockView({ block }: { block: Block }): ReactNode {
  if ('spans' in block) {
    const content = <Spans spans={block.spans} />
    return block.kind === 'heading' ? <h2 className={subheading}>{content}</h2> : <p>{content}</p>
  }
  const items = block.items.map((spans, i) => (
    <li key={i}>
      <Spans spans={spans} />
    </li>
  ))
  return block.kind === 'ordered' ? (
    <ol className={list} data-kind="ordered">
      {items}
    </ol>
  ) : (
    <ul className={list} data-kind="list">
      {items}
    </ul>
  )
}

function Spans({ spans }: { spans: readonly Span[] }) {
  return (
    <>
      {spans.map((span, i) => {
        let node: ReactNode = span.text
        if (span.bold) node = <strong>{node}</strong>
        if (span.italic) node = <em>{node}</em>
        if (span.href) {
          // The server let through same-site paths and https addresses only.
          node = span.href.startsWith('/') ? (
            <Link className={link} to={span.href}>
              {node}
            </Link>
          ) : (
            <a className={link} href={span.href} rel="noopener noreferrer">
              {node}
            </a>
          )
        }
        return <span key={i}>{node}</span>
      })}
    </>
  )
}

