import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Form, Radio, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { ui } from '@/app/bridge'
import { openPrintView } from '@/app/router/print'
import { onsiteMethods, yuan, type PaymentRecord } from '../batch/api'

/** The method and date of an on-site payment, as the form holds them. */
export interface OnsiteValues {
  method?: string
  paidOn?: Dayjs
}

/**
 * 缴费方式 (the server's list: 现金, 转账, 扫码) and 缴费日期 (today by default; a day after today cannot be
 * chosen, and the server refuses one before the month's batch started) of an on-site payment: Form.Items of the
 * surrounding form.
 */
export function OnsiteFields() {
  const methods = useQuery({ queryKey: ['dfgl', 'onsite-methods'], queryFn: onsiteMethods, staleTime: Infinity })
  return (
    <>
      <Form.Item label="缴费方式" name="method" rules={[{ required: true, message: '请选择缴费方式' }]}>
        <Radio.Group options={methods.data ?? []} />
      </Form.Item>
      <Form.Item label="缴费日期" name="paidOn" initialValue={dayjs()} rules={[{ required: true, message: '请选择缴费日期' }]} extra="收到党费的日期：不能晚于今天">
        <DatePicker allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
    </>
  )
}

/** The body fields of OnsiteValues. */
export const onsiteBody = (v: OnsiteValues) => ({ method: v.method, paidOn: v.paidOn?.format('YYYY-MM-DD') })

/** Says the payment is recorded and offers its receipt (收据) to print. */
export function showReceipt(p: PaymentRecord, more = '') {
  ui.modal.success({
    title: '收缴成功',
    okText: '知道了',
    content: (
      <Space orientation="vertical">
        <span>
          收据号 {p.no}，金额 {yuan(p.amountFen)} 元{more}
        </span>
        <Button onClick={() => openPrintView('dfReceipt', { id: p.id })}>打印收据</Button>
      </Space>
    ),
  })
}
