import { Col, Form, Typography, type FormInstance } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'

/**
 * The term's end: start + 3 or 5 years, as the server computes term_end (Go's AddDate: a term
 * starting on 29 February ends on 1 March in a common year, where dayjs would say 28 February).
 */
export function termEnd(start: Dayjs | null | undefined, years: number | undefined): string {
  if (!start || !years) return ''
  let end = start.add(years, 'year')
  if (start.month() === 1 && start.date() === 29 && end.date() === 28) end = end.add(1, 'day')
  return end.format('YYYY-MM-DD')
}

/** 届满日期 in the form: computed from 本届任期开始 and 任期年限 as they are typed, red once past. */
export default function TermEnd({ form }: { form: FormInstance }) {
  const end = termEnd(Form.useWatch('termStart', form), Form.useWatch('termYears', form))
  const overdue = end && end < dayjs().format('YYYY-MM-DD')
  return (
    <Col span={8}>
      <Form.Item label="届满日期">
        <Typography.Text type={overdue ? 'danger' : undefined} data-testid="term-end">
          {end ? `${end}${overdue ? '（已届满）' : ''}` : '填写任期开始后自动计算'}
        </Typography.Text>
      </Form.Item>
    </Col>
  )
}
