// The label lives with the views, which draw it and write it into the head after a client move.
export { HOME_CRUMB } from '../../ui/layout/home-crumb'
