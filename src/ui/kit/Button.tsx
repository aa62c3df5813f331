import type { ComponentPropsWithRef, MouseEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Spinner } from './Spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

type Look = {
  variant?: ButtonVariant
  size?: ButtonSize
  fullWidth?: boolean
  /** Square button holding only an icon; give it an aria-label. */
  iconOnly?: boolean
}

export type ButtonProps = ComponentPropsWithRef<'button'> &
  Look & {
    /** Shows a spinner and ignores clicks, keeping the label (and so the width and the accessible name). */
    loading?: boolean
  }

export function Button({
  variant,
  size,
  fullWidth,
  iconOnly,
  loading = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Blocks double submits; also cancels implicit form submission, which goes through this click.
    if (loading) return event.preventDefault()
    onClick?.(event)
  }
  return (
    <button
      // A loading button stays focusable (aria-disabled, not disabled) so keyboard focus is not lost.
      aria-disabled={loading || undefined}
      {...rest}
      type={type}
      aria-busy={loading || undefined}
      className={cx(button({ variant, size, fullWidth, iconOnly }), className)}
      onClick={handleClick}
    >
      {loading && <Spinner className={css({ position: 'absolute' })} />}
      <span data-label="">{children}</span>
    </button>
  )
}

export type ButtonLinkProps = ComponentPropsWithRef<'a'> & Look & { href: string }

/** A navigation target that looks like a button; it is a real link (open in new tab, middle click). */
export function ButtonLink({ variant, size, fullWidth, iconOnly, className, ...rest }: ButtonLinkProps) {
  return <a {...rest} className={cx(button({ variant, size, fullWidth, iconOnly }), className)} />
}
