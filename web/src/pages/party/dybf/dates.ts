import type { Dayjs } from 'dayjs'

/** A date picker's value as the API's YYYY-MM-DD. */
export const day = (d: Dayjs) => d.format('YYYY-MM-DD')

/** Disables the days after today (aid is registered once given). */
export const afterToday = (d: Dayjs) => d.isAfter(new Date(), 'day')
