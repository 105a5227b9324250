/**
 * react-admin's screens for rare states, in a module of their own so that CrmAdmin can load them
 * when first shown: `(await import('react-admin')).Error` resolved to the react-admin the entry
 * already imports, which put these screens (and their Tooltip, Select, Popover...) into the first
 * load (issue 32).
 */
export { AccessDenied, AuthCallback, AuthenticationError, Error } from 'react-admin';
