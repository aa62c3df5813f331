// SPEC §9 breakpoints: each name starts at the given width (mobile is everything below tablet).
export const breakpoints = {
  tablet: '768px',
  laptop: '992px',
  laptopLg: '1280px',
  desktopSm: '1366px',
  desktop: '1440px',
  desktopMd: '1696px',
  desktopLg: '1920px',
}
