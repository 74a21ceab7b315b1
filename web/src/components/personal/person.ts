import type { MaskedPerson } from './usePersonalCells'

/**
 * What the API answers for every kind of person (members, students, teachers): the personal
 * fields, masked unless unmasked, with gender and ethnicity as dictionary values and labels.
 */
export interface PersonRecord extends MaskedPerson {
  gender: string
  genderLabel: string
  ethnicity: string
  ethnicityLabel: string
  birthDate: string | null
  unitName: string
  remark: string
  createTime: string
  updateTime: string
}
