import { defineRecipe, defineSlotRecipe, type SystemStyleObject } from '@pandacss/dev'

// Config recipes for src/ui/kit. panda.config.ts emits every variant (staticCss), because the kit
// passes variants through as props, which the extractor cannot see.

// `:enabled` never matches an anchor, so ButtonLink needs its own "not disabled" test.
const hover = '&:hover:not(:disabled, [aria-disabled=true])'

export const button = defineRecipe({
  className: 'button',
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    borderRadius: 'md',
    fontWeight: 'semibold',
    lineHeight: '1.2',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, filter',
    transitionDuration: 'fast',
    transitionTimingFunction: 'standard',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    '&[aria-disabled=true]': { cursor: 'not-allowed' },
    '& > [data-label]': { display: 'inline-flex', alignItems: 'center', gap: '2' },
    // The label stays in the accessibility tree (opacity, not visibility) so the name is still read.
    '&[aria-busy=true]': { cursor: 'progress', '& > [data-label]': { opacity: 0 } },
  },
  variants: {
    variant: {
      primary: {
        bg: 'accent',
        color: 'accentText',
        [hover]: { filter: 'brightness(1.08)' },
      },
      secondary: {
        bg: 'surfaceRaised',
        color: 'text',
        borderColor: 'borderStrong',
        [hover]: { borderColor: 'text' },
      },
      ghost: {
        bg: 'transparent',
        color: 'text',
        [hover]: { bg: 'surfaceRaised' },
      },
      danger: {
        bg: 'danger',
        color: 'dangerText',
        [hover]: { filter: 'brightness(1.08)' },
      },
    },
    // Heights keep md/lg at or above a 44 px thumb target; sm is for dense rows (still over WCAG 2.5.8's 24 px).
    size: {
      sm: { minH: '8', px: '3', fontSize: 'sm' },
      md: { minH: '11', px: '4', fontSize: 'md' },
      lg: { minH: '12', px: '6', fontSize: 'lg' },
    },
    iconOnly: { true: { px: '0', aspectRatio: 'square' } },
    fullWidth: { true: { width: '100%' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})

/**
 * Words that act: an in-text link, or a button that reads as one ("Send the link again"). The
 * global :focus-visible ring applies, so no focus style here.
 */
export const textLink = defineRecipe({
  className: 'textLink',
  base: {
    justifySelf: 'start',
    p: '0',
    bg: 'transparent',
    border: 'none',
    color: 'accent',
    font: 'inherit',
    textAlign: 'start',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    cursor: 'pointer',
    _disabled: { color: 'textMuted', cursor: 'not-allowed', textDecoration: 'none' },
  },
})

/**
 * A small outlined word beside a title: a bet's or a leg's result, a round's mode. Colour goes
 * with a word, never alone (DESIGN): green and red only for a win and a loss.
 */
export const pill = defineRecipe({
  className: 'pill',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
    borderStyle: 'solid',
  },
  variants: {
    tone: {
      neutral: { borderColor: 'border', color: 'textMuted' },
      accent: { borderColor: 'accent', color: 'text' },
      success: { borderColor: 'success', color: 'success' },
      danger: { borderColor: 'danger', color: 'danger' },
      info: { borderColor: 'info', color: 'info' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

/** A bordered block of a page: a cashier step, a profile section, an embedded form. */
export const card = defineRecipe({
  className: 'card',
  base: {
    display: 'grid',
    gap: '4',
    p: { base: '4', tablet: '6' },
    bg: 'surface',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border',
    borderRadius: 'lg',
  },
})

/** Secondary text beside the main one: a hint under a title, an empty list, a figure's caption. */
export const muted = defineRecipe({
  className: 'muted',
  base: { color: 'textMuted', fontSize: 'sm' },
})

export const spinner = defineRecipe({
  className: 'spinner',
  base: {
    display: 'inline-block',
    width: '1em',
    height: '1em',
    flexShrink: 0,
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animation: 'spin 0.8s linear infinite',
  },
})

export const field = defineSlotRecipe({
  className: 'field',
  slots: ['root', 'label', 'hint', 'error', 'selectWrap', 'chevron'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    label: { textStyle: 'label', color: 'text' },
    hint: { textStyle: 'small', color: 'textMuted' },
    error: { textStyle: 'small', color: 'danger' },
    selectWrap: { position: 'relative', display: 'flex' },
    chevron: {
      position: 'absolute',
      right: '3',
      top: '50%',
      transform: 'translateY(-50%)',
      width: '4',
      height: '4',
      color: 'textMuted',
      pointerEvents: 'none',
    },
  },
})

export const control = defineRecipe({
  className: 'control',
  base: {
    width: '100%',
    minH: '11',
    px: '3',
    bg: 'surface',
    color: 'text',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'borderStrong',
    borderRadius: 'md',
    // 16 px stops iOS Safari from zooming into a focused field.
    fontSize: 'md',
    fontFamily: 'inherit',
    transitionProperty: 'border-color',
    transitionDuration: 'fast',
    _placeholder: { color: 'textMuted', opacity: 1 },
    _hover: { borderColor: 'text' },
    _focusVisible: { borderColor: 'accent' },
    '&[aria-invalid=true]': { borderColor: 'danger' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
  variants: {
    kind: {
      input: {},
      select: { appearance: 'none', pr: '10', cursor: 'pointer' },
    },
  },
  defaultVariants: { kind: 'input' },
})

export const skeleton = defineRecipe({
  className: 'skeleton',
  base: {
    display: 'block',
    maxWidth: '100%',
    bg: 'surfaceRaised',
    _motionSafe: {
      backgroundImage: 'linear-gradient(90deg, transparent 0%, token(colors.border) 50%, transparent 100%)',
      backgroundSize: '200% 100%',
      backgroundRepeat: 'no-repeat',
      animation: 'shimmer 1.4s linear infinite',
    },
  },
  variants: {
    radius: {
      sm: { borderRadius: 'sm' },
      md: { borderRadius: 'md' },
      lg: { borderRadius: 'lg' },
      full: { borderRadius: 'full' },
    },
  },
  defaultVariants: { radius: 'sm' },
})

const modalSlots = ['positioner', 'overlay', 'panel', 'header', 'title', 'body'] as const

const modalBase: Partial<Record<(typeof modalSlots)[number], SystemStyleObject>> = {
  positioner: { position: 'fixed', inset: '0', zIndex: 'dialog', display: 'flex' },
  overlay: {
    position: 'absolute',
    inset: '0',
    bg: 'overlay',
    _motionSafe: { animation: 'fadeIn token(durations.normal) token(easings.standard)' },
  },
  panel: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    bg: 'surfaceRaised',
    color: 'text',
    boxShadow: 'raised',
    outline: 'none',
  },
  header: { display: 'flex', alignItems: 'center', gap: '2', minH: '14', px: '4', py: '2', flexShrink: 0 },
  title: { textStyle: 'title', flex: '1', minW: '0' },
  body: { flex: '1', minH: '0', overflowY: 'auto', overscrollBehavior: 'contain', px: '4', pb: '4' },
}

/** Full-height sheet below the tablet breakpoint, centred card from it (DESIGN 'Dialogs'). */
export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: [...modalSlots],
  base: {
    ...modalBase,
    positioner: {
      ...modalBase.positioner,
      alignItems: 'stretch',
      tablet: { alignItems: 'center', justifyContent: 'center', p: '6' },
    },
    panel: {
      ...modalBase.panel,
      width: '100%',
      height: '100%',
      _motionSafe: {
        animation: 'slideUp token(durations.slow) token(easings.standard)',
        tablet: { animation: 'scaleIn token(durations.normal) token(easings.standard)' },
      },
      tablet: { height: 'auto', maxHeight: '100%', borderRadius: 'lg' },
    },
  },
  variants: {
    size: {
      sm: { panel: { tablet: { maxWidth: '25rem' } } },
      md: { panel: { tablet: { maxWidth: '35rem' } } },
      lg: { panel: { tablet: { maxWidth: '50rem' } } },
    },
  },
  defaultVariants: { size: 'md' },
})

export const curtain = defineSlotRecipe({
  className: 'curtain',
  slots: [...modalSlots],
  base: {
    ...modalBase,
    panel: {
      ...modalBase.panel,
      position: 'absolute',
      top: '0',
      bottom: '0',
      width: 'min(22.5rem, 100% - 3rem)',
    },
  },
  variants: {
    position: {
      left: {
        panel: { left: '0', _motionSafe: { animation: 'slideInLeft token(durations.slow) token(easings.standard)' } },
      },
      right: {
        panel: { right: '0', _motionSafe: { animation: 'slideInRight token(durations.slow) token(easings.standard)' } },
      },
    },
  },
  defaultVariants: { position: 'left' },
})

export const toast = defineSlotRecipe({
  className: 'toast',
  slots: ['region', 'root', 'content', 'title', 'description', 'action'],
  base: {
    region: {
      position: 'fixed',
      zIndex: 'toast',
      // Phones: at the bottom where the thumb is, clear of the home indicator, and above the bottom
      // bar and the hint banner (which publishes its height in --hint-banner-space), never over them.
      bottom: 'calc(env(safe-area-inset-bottom, 0px) + var(--hint-banner-space, 0px) + token(spacing.2))',
      ':root:has([data-bottom-bar]) &': {
        bottom: {
          base: 'calc(token(sizes.16) + env(safe-area-inset-bottom, 0px) + var(--hint-banner-space, 0px) + token(spacing.2))',
          tablet: 'auto',
        },
      },
      left: '2',
      right: '2',
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      pointerEvents: 'none',
      // From the tablet up: top right, under the sticky header (14), so it never covers it either.
      tablet: { top: 'calc(token(sizes.14) + env(safe-area-inset-top, 0px) + token(spacing.2))', bottom: 'auto', left: 'auto', right: '4', width: '22.5rem' },
    },
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '2',
      p: '3',
      pl: '4',
      bg: 'surfaceRaised',
      color: 'text',
      borderRadius: 'md',
      borderLeftWidth: '4px',
      borderLeftStyle: 'solid',
      boxShadow: 'raised',
      pointerEvents: 'auto',
      _motionSafe: { animation: 'toastIn token(durations.normal) token(easings.standard)' },
    },
    content: { flex: '1', minW: '0', display: 'flex', flexDirection: 'column', gap: '0.5', py: '1' },
    title: { textStyle: 'label' },
    description: { textStyle: 'small' },
    action: { display: 'flex', gap: '2', mt: '2' },
  },
  variants: {
    type: {
      neutral: { root: { borderLeftColor: 'borderStrong' } },
      info: { root: { borderLeftColor: 'info' } },
      success: { root: { borderLeftColor: 'success' } },
      warning: { root: { borderLeftColor: 'warning' } },
      error: { root: { borderLeftColor: 'danger' } },
    },
  },
  defaultVariants: { type: 'neutral' },
})

/**
 * A message that belongs to the page (a refused form, a saved setting), unlike a toast. The tone is
 * carried three ways: the stripe, the tinted background and the icon, never by colour alone.
 */
export const alert = defineSlotRecipe({
  className: 'alert',
  slots: ['root', 'icon', 'content', 'title', 'body', 'action'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '2',
      p: '3',
      color: 'text',
      textStyle: 'small',
      borderRadius: 'md',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border',
      borderLeftWidth: '4px',
      // Long e-mail addresses and amounts wrap inside a 360 px phone instead of widening the page.
      overflowWrap: 'anywhere',
    },
    // One line of small text is 1.4 x 14 px: the 18 px icon sits centred on the first line.
    icon: { flexShrink: 0, display: 'flex', width: '18px', height: '18px', mt: '1px' },
    content: { flex: '1', minW: '0', display: 'grid', gap: '2' },
    title: { textStyle: 'label' },
    body: { display: 'grid', gap: '2' },
    action: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
  },
  variants: {
    tone: {
      error: { root: { bg: 'dangerSubtle', borderLeftColor: 'danger' }, icon: { color: 'danger' } },
      warning: { root: { bg: 'warningSubtle', borderLeftColor: 'warning' }, icon: { color: 'warning' } },
      info: { root: { bg: 'infoSubtle', borderLeftColor: 'info' }, icon: { color: 'info' } },
      success: { root: { bg: 'successSubtle', borderLeftColor: 'success' }, icon: { color: 'success' } },
    },
  },
  defaultVariants: { tone: 'info' },
})

export const recipes = { button, textLink, pill, card, muted, spinner, control, skeleton }
export const slotRecipes = { field, dialog, curtain, toast, alert }
