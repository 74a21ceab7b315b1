import { useQuery } from '@tanstack/react-query'
import { DatePicker, Form, Select, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import { mineOutgoing, outgoing, type Kind } from './api'

/** 省外转出 goes out of the province: only a 省外 letter fits (the server refuses the others on `reach` too). */
const OUTSIDE_REACH = 'nation'

/** The warning when 党费缴纳至 lies before the member's latest due month (a warning: the transfer may still start). */
export const owingText = (lastDue: string) => `早于该党员最近应缴月份 ${lastDue}，转出前请督促补缴党费`

/**
 * The letter and the fees of a transfer out (转出, 校内转接): 介绍信去向 with each reach's validity (the server's
 * settings), 党费缴纳至 pre-filled from the member's fee records (then shown, not asked: the server records the
 * records' month) or asked when the records have none (required then), and a warning when it lies before the
 * member's latest due month.
 */
export default function OutwardFields({ kind, self }: { kind: Kind; self: boolean }) {
  const form = Form.useFormInstance()
  const memberId = Form.useWatch('memberId', form) as number | undefined
  const subKind = Form.useWatch('subKind', form) as string | undefined
  const month = Form.useWatch('feesPaidUpTo', form) as Dayjs | null | undefined
  const q = useQuery({
    queryKey: ['zzgx', 'outgoing', self ? 'mine' : (memberId ?? 0)],
    queryFn: () => (self ? mineOutgoing() : outgoing(memberId)),
  })
  const pre = q.data
  const known = self || !!memberId
  const fromRecords = known && !!pre?.feesPaidUpTo
  const required = known && !!pre?.feesRequired
  const outside = kind === 'out' && subKind === 'outside'

  // A member chosen (or changed): the fee records' month, or nothing to start from.
  const prefill = known && pre ? pre.feesPaidUpTo : null
  useEffect(() => {
    if (prefill === null) return
    form.setFieldValue('feesPaidUpTo', prefill ? dayjs(`${prefill}-01`) : null)
  }, [form, prefill])
  // A 省外 transfer out: its letter goes 省外.
  useEffect(() => {
    if (outside && form.getFieldValue('reach') && form.getFieldValue('reach') !== OUTSIDE_REACH) form.setFieldValue('reach', OUTSIDE_REACH)
  }, [form, outside])

  const ym = month ? month.format('YYYY-MM') : ''
  const owing = known && !!pre?.lastDue && ym !== '' && ym < pre.lastDue
  return (
    <>
      <Form.Item
        label="介绍信去向"
        name="reach"
        dependencies={['subKind']}
        rules={[
          { required: true, message: '请选择介绍信的去向范围' },
          {
            validator: (_, v?: string) =>
              outside && v && v !== OUTSIDE_REACH ? Promise.reject(new Error('省外转出的介绍信去向须为“省外”')) : Promise.resolve(),
          },
        ]}
        extra="有效期按系统设置；省外转出只能开往省外"
      >
        <Select
          loading={q.isLoading}
          placeholder="请选择"
          // The default reach is set before the server's options arrive: never show its code meanwhile.
          labelRender={(o) => o.label ?? '加载中…'}
          options={(pre?.reaches ?? []).map((r) => ({ ...r, disabled: outside && r.value !== OUTSIDE_REACH }))}
        />
      </Form.Item>
      <Form.Item
        label="党费缴纳至"
        name="feesPaidUpTo"
        rules={required ? [{ required: true, message: '党费记录中没有该党员已缴的月份，请填写党费缴纳至' }] : []}
        extra={
          <>
            {fromRecords && <div>取自党费记录，以其为准</div>}
            {owing && <Typography.Text type="warning">{owingText(pre.lastDue)}</Typography.Text>}
          </>
        }
      >
        <DatePicker picker="month" style={{ width: '100%' }} disabled={fromRecords} disabledDate={(d) => d.isAfter(dayjs(), 'month')} />
      </Form.Item>
    </>
  )
}
