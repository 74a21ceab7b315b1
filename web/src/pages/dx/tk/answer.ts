import { BLANK_MARKER, JUDGE, OPTION_KEYS, QUESTION_TYPE, type Option, type QuestionType } from '@/api/generated/question'

/** What joins a blank's accepted variants in its input (the import's 答案 column writes them so too). */
export const VARIANT_SEPARATOR = '/'

/** Whether a question of type t has options (单选题, 多选题). */
export const isChoice = (t: QuestionType | undefined) => t === QUESTION_TYPE.single || t === QUESTION_TYPE.multiple

/** A 填空题's key: each blank's accepted variants ([] when it is not one). */
export function parseBlanks(answer: string | undefined): string[][] {
  if (!answer) return []
  try {
    const v: unknown = JSON.parse(answer)
    return Array.isArray(v) ? v.map((b) => (Array.isArray(b) ? b.map(String) : [String(b)])) : []
  } catch {
    return []
  }
}

/** The blanks marked in a stem: runs of three or more underscores (question.BlankMarker). */
export const countBlanks = (stem: string | undefined) => (stem ?? '').match(/_{3,}/g)?.length ?? 0

/** A stem cut at its blanks: the texts between them (one more than the blanks). */
export const stemParts = (stem: string) => stem.split(/_{3,}/)

/** The options numbered again A, B, … in their order (after one is removed or added). */
export const keyed = (options: { text?: string }[] | undefined): Option[] => (options ?? []).map((o, i) => ({ key: OPTION_KEYS[i], text: o?.text ?? '' }))

/** A key as people read it: letters, 正确/错误, blanks joined by ｜ with their variants by /, or the reference answer. */
export function describeAnswer(type: QuestionType, answer: string): string {
  if (type === QUESTION_TYPE.judge) return answer === JUDGE.right ? '正确' : answer === JUDGE.wrong ? '错误' : ''
  if (type === QUESTION_TYPE.fill) return parseBlanks(answer).map((b) => b.join(VARIANT_SEPARATOR)).join(' | ')
  return answer
}

export { BLANK_MARKER }
