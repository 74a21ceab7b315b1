import { WRITE_IN_CHOICE, DEFAULT_MAX_LEN, DEFAULT_SCORE, type Mark, type Paper, type Question } from '@/api/generated/ballot'

/**
 * A voter's answers as the form holds them, by question key: a single choice or a rating is one option key, a
 * multiple choice a list of keys, a text its text, a matrix its rows' option keys; a score its number in decimal (choice),
 * or its rows' numbers (rows); write-ins (另选他人) are names.
 */
export interface Answer {
  choice?: string
  choices?: string[]
  text?: string
  rows?: Record<string, string | undefined>
  writeIns?: string[]
}
export type Answers = Record<string, Answer | undefined>

const chosen = (a: Answer | undefined): string[] => (a?.choices ?? (a?.choice ? [a.choice] : []))
const names = (a: Answer | undefined): string[] => (a?.writeIns ?? []).map((n) => n.trim()).filter(Boolean)

/** Whether question q is asked, given the answers so far (its skip logic, ballot.Condition). */
export function isShown(q: Question, answers: Answers): boolean {
  return !q.showIf || chosen(answers[q.showIf.question]).includes(q.showIf.option)
}

export const scaleOf = (q: Question) => (q.max && q.max > 0 ? q.max : 5)
const maxLenOf = (q: Question) => (q.maxLen && q.maxLen > 0 ? q.maxLen : DEFAULT_MAX_LEN)

/** A score question's range (ballot.Question.RangeOf): min..max, 0..DEFAULT_SCORE when neither is set. */
export const rangeOf = (q: Question): [number, number] => (!q.min && !q.max ? [0, DEFAULT_SCORE] : [q.min ?? 0, q.max ?? 0])

/** A score as the server reads it: decimal digits only, leading zeros dropped; undefined when not a whole number. */
export function scoreOf(v: string): number | undefined {
  return /^[0-9]{1,9}$/.test(v) ? Number(v) : undefined
}

/** A score question's items with their answers: its rows ("question.row"), or the question itself without rows. */
const scoreItems = (q: Question, a: Answer | undefined): { item: string; value?: string }[] =>
  q.rows?.length ? q.rows.map((r) => ({ item: `${q.key}.${r.key}`, value: a?.rows?.[r.key] })) : [{ item: q.key, value: a?.choice }]

/** The marks of the answers, in the paper's order; questions not shown leave none (ballot.Paper.Validate). */
export function toMarks(paper: Paper, answers: Answers): Mark[] {
  const marks: Mark[] = []
  for (const q of paper.questions) {
    if (!isShown(q, answers)) continue
    const a = answers[q.key]
    switch (q.kind) {
      case 'text': {
        const t = (a?.text ?? '').trim()
        if (t) marks.push({ i: q.key, t })
        break
      }
      case 'matrix':
        for (const r of q.rows ?? []) {
          const c = a?.rows?.[r.key]
          if (c) marks.push({ i: `${q.key}.${r.key}`, c })
        }
        break
      case 'score':
        for (const { item, value } of scoreItems(q, a)) {
          if (value) marks.push({ i: item, c: String(scoreOf(value) ?? value) })
        }
        break
      default:
        for (const c of chosen(a)) marks.push({ i: q.key, c })
        for (const t of names(a)) marks.push({ i: q.key, c: WRITE_IN_CHOICE, t })
    }
  }
  return marks
}

/** The first problem of the answers, in the server's words, with the question's key; undefined when none. */
export function firstProblem(paper: Paper, answers: Answers): { key: string; message: string } | undefined {
  for (const [i, q] of paper.questions.entries()) {
    if (!isShown(q, answers)) continue
    const n = i + 1
    const a = answers[q.key]
    const fail = (message: string) => ({ key: q.key, message })
    switch (q.kind) {
      case 'text': {
        const t = (a?.text ?? '').trim()
        if (!t && q.required) return fail(`请回答第${n}题`)
        if ([...t].length > maxLenOf(q)) return fail(`第${n}题不超过${maxLenOf(q)}个字`)
        break
      }
      case 'matrix': {
        const missing = (q.rows ?? []).some((r) => !a?.rows?.[r.key])
        if (q.required && missing) return fail(`请回答第${n}题`)
        break
      }
      case 'rating':
        if (q.required && !a?.choice) return fail(`请回答第${n}题`)
        break
      case 'score': {
        // Row by row, as the server goes: the first row missing or out of range names the problem.
        const [lo, hi] = rangeOf(q)
        for (const { value } of scoreItems(q, a)) {
          const v = value ? scoreOf(value) : undefined
          if (!value && q.required) return fail(`请回答第${n}题`)
          if (value && (v === undefined || v < lo || v > hi)) return fail(`第${n}题请填写${lo}到${hi}之间的整数`)
        }
        break
      }
      default: {
        const count = chosen(a).length + names(a).length
        if (q.required && count === 0) return fail(`请回答第${n}题`)
        if (names(a).some((t) => [...t].length > 50)) return fail(`第${n}题另选的人选请填写姓名（不超过50个字）`)
        if (new Set(names(a)).size !== names(a).length) return fail(`第${n}题不能重复选择`)
        if (q.kind === 'single' && count > 1) return fail(`第${n}题只能选一项`)
        if (q.kind === 'multiple' && q.max && count > q.max) return fail(`第${n}题最多选${q.max}项`)
        if (q.kind === 'multiple' && count > 0 && q.min && count < q.min) return fail(`第${n}题至少选${q.min}项`)
      }
    }
  }
  return undefined
}

/** How many questions are shown and how many of them answered (the progress line on a phone). */
export function progress(paper: Paper, answers: Answers): { shown: number; answered: number } {
  let shown = 0
  let answered = 0
  for (const q of paper.questions) {
    if (!isShown(q, answers)) continue
    shown++
    if (toMarks({ ...paper, questions: [q] }, answers).length > 0) answered++
  }
  return { shown, answered }
}
