/** Kinds of a marked day: a holiday, or a weekend day worked (调休上班); '' is the weekday rule. */
export type DayKind = 'holiday' | 'workday'

export const HOLIDAY: DayKind = 'holiday'
export const WORKDAY: DayKind = 'workday'

/** A marked day (GET /api/calendar). */
export interface MarkedDay {
  date: string
  kind: DayKind
  name: string
  /** Seeded before the year's State Council notice was published: to be checked against it. */
  provisional?: boolean
}

/** A year's marked days and its note: where they come from, what is missing. */
export interface CalendarYear {
  year: number
  note: string
  days: MarkedDay[]
}
