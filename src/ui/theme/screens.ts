/** SPEC §9 'screens': widths (px) to build /_ipx image candidates from; layout uses breakpoints.ts. */
export const screens = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const

export type Screen = keyof typeof screens
