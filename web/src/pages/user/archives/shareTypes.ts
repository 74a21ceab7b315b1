import { SHARE_TYPE_NAMES, type ShareType } from '@/api/generated/archive'

/** The share types in the form's order (archive.ShareTypes). */
export const SHARE_TYPES_ORDER = Object.keys(SHARE_TYPE_NAMES) as ShareType[]

export { SHARE_TYPE_NAMES, type ShareType }
