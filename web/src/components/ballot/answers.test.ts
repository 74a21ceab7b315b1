import { describe, expect, it } from 'vitest'
import type { Paper } from '@/api/generated/ballot'
import { firstProblem, isShown, progress, toMarks } from './answers'

const paper: Paper = {
  title: '换届选举',
  questions: [
    { key: 'join', kind: 'single', title: '是否参加', required: true, options: [{ key: 'y', label: '是' }, { key: 'n', label: '否' }] },
    { key: 'why', kind: 'text', title: '原因', showIf: { question: 'join', option: 'n' }, required: true, maxLen: 5 },
    { key: 'c', kind: 'multiple', title: '委员候选人', max: 2, writeIn: true, options: [{ key: '1', label: '张三' }, { key: '2', label: '李四' }, { key: '3', label: '王五' }] },
    { key: 'm', kind: 'matrix', title: '评价', rows: [{ key: 'r1', label: '作风' }], options: [{ key: 'good', label: '好' }] },
    { key: 'r', kind: 'rating', title: '满意度', max: 5 },
  ],
}

describe('ballot answers (ballot.Paper.Validate on the phone)', () => {
  it('skips a question whose condition is not met, and leaves no mark for it', () => {
    const answers = { join: { choice: 'y' }, why: { text: '不会出现' } }
    expect(isShown(paper.questions[1], answers)).toBe(false)
    expect(toMarks(paper, answers)).toEqual([{ i: 'join', c: 'y' }])
    expect(firstProblem(paper, answers)).toBeUndefined()
  })

  it('asks a required question once its condition is met, with its length bound', () => {
    expect(firstProblem(paper, { join: { choice: 'n' } })).toEqual({ key: 'why', message: '请回答第2题' })
    expect(firstProblem(paper, { join: { choice: 'n' }, why: { text: '六个字太长了' } })?.message).toBe('第2题不超过5个字')
  })

  it('counts write-ins towards a multiple choice’s bound and refuses the same name twice', () => {
    const base = { join: { choice: 'y' } }
    expect(firstProblem(paper, { ...base, c: { choices: ['1', '2'], writeIns: ['赵六'] } })?.message).toBe('第3题最多选2项')
    expect(firstProblem(paper, { ...base, c: { writeIns: ['赵六', '赵六'] } })?.message).toBe('第3题不能重复选择')
    expect(toMarks(paper, { ...base, c: { choices: ['1'], writeIns: [' 赵六 '] } })).toEqual([
      { i: 'join', c: 'y' },
      { i: 'c', c: '1' },
      { i: 'c', c: '*', t: '赵六' },
    ])
  })

  it('marks a matrix row as question.row and a rating as its number', () => {
    expect(toMarks(paper, { join: { choice: 'y' }, m: { rows: { r1: 'good' } }, r: { choice: '4' } })).toEqual([
      { i: 'join', c: 'y' },
      { i: 'm.r1', c: 'good' },
      { i: 'r', c: '4' },
    ])
  })

  describe('score questions (ballot.Score)', () => {
    const scores: Paper = {
      title: '干部考核',
      questions: [
        { key: 'c1', kind: 'score', title: '张三', required: true, rows: [{ key: 'de', label: '德' }, { key: 'neng', label: '能' }] },
        { key: 'c2', kind: 'score', title: '李四', rows: [{ key: 'de', label: '德' }, { key: 'neng', label: '能' }] },
        { key: 'all', kind: 'score', title: '总体', min: 1, max: 10 },
      ],
    }
    const both = (de: string, neng: string) => ({ c1: { rows: { de, neng } } })

    it('takes 0 and 100, and refuses what the server refuses, in its words', () => {
      expect(firstProblem(scores, both('0', '100'))).toBeUndefined()
      for (const bad of ['-1', '101', '87.5', '+87', ' 87', 'abc']) {
        expect(firstProblem(scores, both(bad, '90'))).toEqual({ key: 'c1', message: '第1题请填写0到100之间的整数' })
      }
      expect(firstProblem(scores, { ...both('80', '90'), all: { choice: '0' } })?.message).toBe('第3题请填写1到10之间的整数')
    })

    it('asks every row of a required score, and none of an unrequired one', () => {
      expect(firstProblem(scores, { c1: { rows: { de: '80' } } })?.message).toBe('请回答第1题')
      expect(firstProblem(scores, { ...both('80', '90'), c2: { rows: { de: '60' } } })).toBeUndefined()
    })

    it('marks each row as question.row with its number without leading zeros, a row-less score as the question', () => {
      expect(toMarks(scores, { ...both('087', '0'), all: { choice: '10' } })).toEqual([
        { i: 'c1.de', c: '87' },
        { i: 'c1.neng', c: '0' },
        { i: 'all', c: '10' },
      ])
    })

    it('counts a score answered once any row is, as a matrix', () => {
      expect(progress(scores, { c1: { rows: { de: '80' } } })).toEqual({ shown: 3, answered: 1 })
    })
  })
})
