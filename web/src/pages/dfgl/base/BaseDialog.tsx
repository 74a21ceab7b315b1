import { Alert, Col, Divider, Form, Input, Row, Select, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import { useHasPermission } from '@/components/Permission'
import { searchMembers } from '@/components/member/service'
import RemoteSelect from '@/components/RemoteSelect'
import { createBase, previewBase, updateBase, type Base, type BaseInput, type Meta, type Preview, type SalaryItem } from '../standard/api'

type Values = { memberId?: number; fromMonth: number; category: string; items: Record<string, string>; remark?: string; reason?: string }

/** Categories that waive the fee (免交, 困难减免): only the organisation department sets them, with a reason (中组发〔2008〕3号). */
const WAIVING = ['exempt', 'relief']

const MONEY = /^\d+(\.\d{1,2})?$/
const GROUPS: { kind: SalaryItem['kind']; title: string; note: string }[] = [
  { kind: 'included', title: '计入基数的项目', note: '' },
  { kind: 'deducted', title: '扣除项目（个人缴纳的五险、公积金、年金及个人所得税）', note: '' },
  { kind: 'excluded', title: '不计入基数的项目（规范性津贴补贴、年终及奖励性绩效）', note: '仅作记录，不参与计算' },
  { kind: 'pension', title: '每月实际领取的离退休费', note: '各项合计为基数，不只是基本养老金' },
  { kind: 'monthPay', title: '每月实际领取的薪酬', note: '当月党费以当月薪酬为基数；未填写的月份列为缺少基数' },
  { kind: 'quarter', title: '各季度月平均纯收入', note: '每月以上一季度的月平均纯收入为基数，1—3月用上年第四季度' },
  { kind: 'stipend', title: '研究生普通奖学金', note: '学校规定以普通奖学金为基数，按在职党员比例交纳' },
]

/** The item kinds of each category's base (中组发〔2008〕3号); the other categories have none. */
const KINDS: Record<string, SalaryItem['kind'][]> = {
  salaried: ['included', 'excluded', 'deducted'],
  retired: ['pension'],
  annual: ['monthPay'],
  selfemp: ['quarter'],
  student: ['stipend'],
}

/**
 * The items a category's base from a month is made of: salary items for 在职, the pension items for 离退休, the months
 * (年薪制) or quarters (个体经营者) a due from that month uses, the stipend of a graduate student where the school takes it.
 */
export function itemsFor(meta: Meta, category: string, fromMonth = 1): SalaryItem[] {
  const kinds = KINDS[category] ?? []
  return meta.items.filter((i) => kinds.includes(i.kind) && (i.kind !== 'stipend' || meta.graduateStipend) && (i.until ?? 12) >= fromMonth)
}

/** Only the filled items of the category, as the server takes them. */
function itemsBody(meta: Meta, category: string, fromMonth: number, items: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const it of itemsFor(meta, category, fromMonth)) {
    const v = items?.[it.key]?.trim()
    if (v) out[it.key] = v
  }
  return out
}

/**
 * A member's base from a month of the year: the category and its items. The server computes the base (计入项目 − 扣除项目,
 * the pension's items summed, the month's pay, the previous quarter's average, the stipend) and the monthly due under
 * the enabled standard as the form changes.
 */
export default function BaseDialog({ meta, year, base, memberId, memberLabel, onClose, onDone }: {
  meta: Meta
  year: number
  base: Base | null
  memberId?: number
  memberLabel?: string
  onClose: () => void
  onDone: () => void
}) {
  const [form] = Form.useForm<Values>()
  const canWaive = useHasPermission([PERM.dfjsWaive])
  const category = Form.useWatch('category', form) ?? base?.category ?? 'salaried'
  const fromMonth = Form.useWatch('fromMonth', form) ?? base?.fromMonth ?? 1
  const [preview, setPreview] = useState<{ ok: Preview } | { error: string } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const seq = useRef(0)

  const body = (v: Values): BaseInput => ({
    id: base?.id,
    memberId: base?.memberId ?? v.memberId,
    year,
    fromMonth: v.fromMonth,
    category: v.category,
    items: itemsBody(meta, v.category, v.fromMonth, v.items),
    remark: v.remark?.trim() ?? '',
    reason: WAIVING.includes(v.category) ? v.reason?.trim() : undefined,
    updatedAt: base?.updatedAt,
  })

  const recompute = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const v = form.getFieldsValue(true) as Values
      if (!v.category) return
      const n = ++seq.current
      previewBase(body(v)).then(
        (p) => n === seq.current && setPreview({ ok: p }),
        (e: { response?: { data?: { message?: string } } }) => n === seq.current && setPreview({ error: e.response?.data?.message ?? '无法试算' }),
      )
    }, 400)
  }
  useEffect(() => {
    recompute()
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first preview once on open; later ones follow the form's changes
  }, [])

  const initial: Values = base
    ? { fromMonth: base.fromMonth, category: base.category, items: Object.fromEntries(Object.entries(base.items).map(([k, v]) => [k, v.replaceAll(',', '')])), remark: base.remark }
    : { memberId, fromMonth: 1, category: 'salaried', items: {}, remark: '' }
  const shown = itemsFor(meta, category, fromMonth)
  return (
    <FormDialog<Values>
      title={base ? `修改党费基数：${base.memberName}（${year} 年）` : `录入 ${year} 年党费基数`}
      form={form}
      initialValues={initial}
      width={820}
      labelSpan={6}
      onValuesChange={recompute}
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => (base ? updateBase(body(v)) : createBase(body(v)))}
    >
      {!base && (
        <Form.Item label="党员" name="memberId" rules={[{ required: true, message: '请选择党员' }]}>
          <RemoteSelect search={(t) => searchMembers(t)} selectedLabel={memberLabel} placeholder="输入姓名或工号搜索" emptyText="没有匹配的党员" />
        </Form.Item>
      )}
      <Form.Item label="起始月份" name="fromMonth" extra="工资调整从发放新工资的月份起按新基数计算" rules={[{ required: true, message: '请选择起始月份' }]}>
        <Select style={{ width: 160 }} options={Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `${year} 年 ${i + 1} 月` }))} />
      </Form.Item>
      <Form.Item label="党费类别" name="category" rules={[{ required: true, message: '请选择党费类别' }]}>
        <Select
          style={{ width: 240 }}
          options={meta.categories.map((c) =>
            WAIVING.includes(c.code) && !canWaive ? { value: c.code, label: `${c.label}（须组织部核定）`, disabled: true } : { value: c.code, label: c.label },
          )}
        />
      </Form.Item>
      {WAIVING.includes(category) && !canWaive && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title="免交、困难减免只能由组织部核定"
          description="对经济确有困难的党员，经党支部研究、报上级党委批准，可以少交或免交党费（中组发〔2008〕3号）：请在“困难减免”中提出申请。"
        />
      )}
      {WAIVING.includes(category) && canWaive && (
        <Form.Item label="核定理由" name="reason" extra="记入变动轨迹" rules={[{ required: true, whitespace: true, message: '请填写核定为免交或困难减免的理由' }]}>
          <Input.TextArea rows={2} maxLength={500} placeholder="如：批准文件、困难情况" />
        </Form.Item>
      )}
      {/* The server's computation, near the top: visible while the items below are typed. */}
      {preview && 'ok' in preview && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} message={`月缴党费 ${preview.ok.amount} 元`} description={preview.ok.working} data-testid="fee-preview" />
      )}
      {preview && 'error' in preview && <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={preview.error} data-testid="fee-preview" />}
      {GROUPS.map((g) => {
        const items = shown.filter((i) => i.kind === g.kind)
        return items.length === 0 ? null : (
          <div key={g.kind}>
            <Divider titlePlacement="start" plain>
              {g.title} {g.note && <Typography.Text type="secondary">（{g.note}）</Typography.Text>}
            </Divider>
            <Row gutter={8}>
              {items.map((it) => (
                <Col span={12} key={it.key}>
                  <Form.Item label={it.label} name={['items', it.key]} labelCol={{ span: 12 }} wrapperCol={{ span: 11 }} rules={[{ pattern: MONEY, message: '金额最多两位小数' }]}>
                    <Input addonAfter="元" inputMode="decimal" />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </div>
        )
      })}
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}
