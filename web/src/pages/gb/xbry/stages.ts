import type { Candidate, Selection, Step } from '@/api/generated/cadreSelection'

/** One line of a stage: its label and its value (already text). */
export type StageLine = readonly [label: string, value: string]

/** A stage of the record (动议, then each step) with what it recorded; `reached` false: nothing recorded yet. */
export interface Stage {
  key: 'motion' | Step
  title: string
  reached: boolean
  /** Why an unreached stage holds nothing, when not simply 尚未进行 (no probation to review). */
  note?: string
  lines: StageLine[]
  /** Long texts (理由, 考察报告), shown full width after the lines. */
  texts: StageLine[]
  /** 民主推荐's people with their votes. */
  candidates?: Candidate[]
}

/** How a stage writes a date: the drawer as it is (2026-03-07), the print in Chinese (2026年3月7日). */
export type DateText = (d: string | null | undefined) => string

const plainDate: DateText = (d) => d ?? ''

const count = (n: number) => `${n}人`

/**
 * The stages of a selection as the detail and the printed 纪实表 show them, in the order of
 * 《党政领导干部选拔任用工作条例》: each step's record once its action wrote it (its date is set).
 * A selection done without a review had no probation (平级转任 or 选任制): its review does not apply.
 */
export function stagesOf(s: Selection, date: DateText = plainDate): Stage[] {
  const inspected = s.candidates.filter((c) => c.inspected).map((c) => c.name)
  const span = (from: string | null, to: string | null) => `${date(from)} 至 ${date(to)}`
  return [
    {
      key: 'motion',
      title: '动议',
      reached: true,
      lines: [
        ['动议时间', date(s.motionOn)],
        ['动议主体', s.motionBy],
      ],
      texts: [
        ['动议理由', s.reason],
        ['任职条件和资格', s.conditions],
      ],
    },
    {
      key: 'recommend',
      title: '民主推荐',
      reached: !!s.recOn,
      lines: [
        ['推荐日期', date(s.recOn)],
        ['推荐方式', s.recMethodName],
        ['应参加人数', count(s.recExpected)],
        ['实参加人数', count(s.recPresent)],
      ],
      texts: [],
      candidates: s.candidates,
    },
    {
      key: 'inspect',
      title: '考察',
      reached: !!s.inspFrom,
      lines: [
        ['考察组成员', s.inspTeam],
        ['考察起止日期', span(s.inspFrom, s.inspTo)],
        ['个别谈话人数', count(s.inspTalks)],
        ['考察对象', inspected.join('、')],
      ],
      texts: [['考察报告', s.inspReport]],
    },
    {
      key: 'decide',
      title: '讨论决定',
      reached: !!s.meetOn,
      lines: [
        ['会议名称', s.meetName],
        ['会议日期', date(s.meetOn)],
        ['应到会成员', count(s.meetTotal)],
        ['实到会成员', count(s.meetPresent)],
        ['同意票数', `${s.meetAgree}票`],
        ['决定任用人选', s.appointeeName],
      ],
      texts: [],
    },
    {
      key: 'publicize',
      title: '任前公示',
      reached: !!s.pubFrom,
      lines: [
        ['公示起止日期', span(s.pubFrom, s.pubTo)],
        ['公示结果', s.pubResult],
      ],
      texts: [],
    },
    {
      key: 'appoint',
      title: '任职',
      reached: !!s.appointOn,
      lines: [
        ['任职文号', s.docNo],
        ['任职日期', date(s.appointOn)],
        ['是否提拔', s.promotion ? '是' : '否'],
        ['试用期至', s.probationUntil ? date(s.probationUntil) : '不设试用期'],
      ],
      texts: [],
    },
    {
      key: 'review',
      title: '试用期满考核',
      reached: !!s.reviewOn,
      note: s.state === 'done' && !s.reviewOn ? '（不设试用期，无需考核）' : undefined,
      lines: [
        ['考核日期', date(s.reviewOn)],
        ['考核结果', s.reviewResultName],
      ],
      texts: [['说明', s.reviewNote]],
    },
  ]
}

/** What an unreached stage says. */
export const NOT_REACHED = '（尚未进行）'
