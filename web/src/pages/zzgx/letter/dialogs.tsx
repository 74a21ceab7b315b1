import { Form, Input, InputNumber } from 'antd'
import dayjs from 'dayjs'
import DateDialog from '@/components/DateDialog'
import FormDialog from '@/components/FormDialog'
import ReasonDialog from '@/components/ReasonDialog'
import { MAX_DAYS, MAX_RECEIPT_MONTHS, recordAccepted, recordReceipt, saveSettings, voidLetter, type Letter, type LetterSettings } from './api'

/** 登记回执: the date the receipt came back (not before the issue, not in the future). */
export function ReceiptDialog({ letter, onClose, onDone }: { letter: Letter; onClose: () => void; onDone: () => void }) {
  return (
    <DateDialog
      title={`登记回执（${letter.number}）`}
      width={480}
      name="receivedOn"
      label="退回日期"
      message="请选择回执退回日期"
      pickerStyle={{ width: 200 }}
      disabled={(d) => d.isBefore(dayjs(letter.issuedOn), 'day')}
      send={(receivedOn) => recordReceipt({ id: letter.id, receivedOn })}
      onClose={onClose}
      onDone={onDone}
      successText="回执已登记"
    />
  )
}

/** 登记接收: the day the receiving side took the member in (not before the issue, not after the validity nor today); the
 * receipt is due a month later (介绍信 第三联). */
export function AcceptDialog({ letter, onClose, onDone }: { letter: Letter; onClose: () => void; onDone: () => void }) {
  return (
    <DateDialog
      title={`登记接收（${letter.number}）`}
      width={480}
      name="acceptedOn"
      label="接收日期"
      message="请选择接收方接收日期"
      extra="接收方党组织接收该党员的日期；回执应在接收后一个月内退回"
      pickerStyle={{ width: 200 }}
      disabled={(d) => d.isBefore(dayjs(letter.issuedOn), 'day') || d.isAfter(dayjs(letter.validUntil), 'day')}
      send={(acceptedOn) => recordAccepted({ id: letter.id, acceptedOn })}
      onClose={onClose}
      onDone={onDone}
      successText="接收日期已登记"
    />
  )
}

/** 作废: a letter not received, with the reason (lost, issued in error). */
export function VoidDialog({ letter, onClose, onDone }: { letter: Letter; onClose: () => void; onDone: () => void }) {
  return (
    <ReasonDialog
      title={`作废介绍信（${letter.number}）`}
      width={480}
      label="作废原因"
      message="请填写作废原因"
      showCount
      send={(reason) => voidLetter({ id: letter.id, reason })}
      onClose={onClose}
      onDone={onDone}
      successText="介绍信已作废"
    />
  )
}

const dayRules = (label: string) => [
  { required: true, message: `请填写${label}` },
  { type: 'number' as const, min: 1, max: MAX_DAYS, message: `${label}须在1–${MAX_DAYS}天之间（不超过3个月）` },
]

/** 介绍信设置: the validity by reach (never more than 3 months) and the receipt's deadline. */
export function SettingsDialog({ settings, onClose, onDone }: { settings: LetterSettings; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<LetterSettings>
      title="介绍信设置"
      width={560}
      labelSpan={8}
      initialValues={settings}
      onSubmit={saveSettings}
      onClose={onClose}
      onDone={onDone}
      successText="设置已保存"
    >
      <Form.Item name="cityDays" label="市内有效期（天）" rules={dayRules('市内介绍信有效期')}>
        <InputNumber precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="provinceDays" label="省内有效期（天）" rules={dayRules('省内介绍信有效期')}>
        <InputNumber precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="nationDays" label="省外有效期（天）" rules={dayRules('省外介绍信有效期')}>
        <InputNumber precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name="receiptMonths"
        label="回执退回期限（月）"
        rules={[{ required: true, type: 'number', min: 1, max: MAX_RECEIPT_MONTHS, message: `回执退回期限须在1–${MAX_RECEIPT_MONTHS}个月之间` }]}
      >
        <InputNumber precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="contact" label="党组织联系电话" rules={[{ max: 200, message: '联系电话不能超过200个字' }]}>
        <Input />
      </Form.Item>
    </FormDialog>
  )
}
