import { act, render } from '@testing-library/react'
import { Form, type FormInstance } from 'antd'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import type { Field } from '@/api/generated/fillform'
import AnswerFields from './AnswerFields'
import { toAnswers } from './answers'

const FIELDS: Field[] = [
  { key: 'f1', label: '服务日期', kind: 'date', required: true, help: '' },
  { key: 'f2', label: '服务类型', kind: 'multiple', required: true, help: '', options: ['社区服务', '校园服务'] },
  { key: 'f3', label: '情况', kind: 'single', required: true, help: '', options: ['是', '否'] },
  { key: 'f4', label: '人数', kind: 'number', required: true, help: '', decimals: 0 },
]

/** The fields in a form of their own, the form handed back to the test. */
function renderFields(): () => FormInstance {
  let form: FormInstance | undefined
  function Harness() {
    const [f] = Form.useForm()
    form = f
    return (
      <Form form={f}>
        <AnswerFields fields={FIELDS} />
      </Form>
    )
  }
  render(<Harness />)
  return () => form as FormInstance
}

describe('orglife/fill the answers’ checks', { timeout: 30_000 }, () => {
  it('takes a chosen day, options and a number as given (each rule of its value’s type)', async () => {
    const form = renderFields()
    await act(async () => form().setFieldsValue({ f1: dayjs('2026-11-20'), f2: ['社区服务'], f3: '是', f4: '12' }))
    await expect(form().validateFields()).resolves.toBeTruthy()
    expect(toAnswers(FIELDS, form().getFieldsValue())).toEqual({ f1: '2026-11-20', f2: ['社区服务'], f3: '是', f4: '12' })
  })

  it('names each missing one as the server does', async () => {
    const form = renderFields()
    let failed: { errorFields: { errors: string[] }[] } | undefined
    await act(async () => {
      await form().validateFields().catch((e: { errorFields: { errors: string[] }[] }) => { failed = e })
    })
    expect(failed?.errorFields.map((e) => e.errors[0])).toEqual(['请选择“服务日期”', '请选择“服务类型”', '请选择“情况”', '请填写“人数”'])
  })
})
