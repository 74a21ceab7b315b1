import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography, type FormInstance } from 'antd'
import type { FormListFieldData, FormListOperation } from 'antd/es/form/FormList'
import { useEffect } from 'react'
import { JUDGE_NAMES, LEVEL_PRESETS, LIMITS, type Group, type Indicator, type Judge, type Level } from '@/api/generated/cadreAssess'
import { decimalText, groupKeys, indicatorKeys, levelsError, newKey, scoreError, sumError, thresholdsError, weightError, weightSum } from './weights'

const D = 'definition'
const judgeOptions = (Object.keys(JUDGE_NAMES) as Judge[]).map((j) => ({ value: j, label: JUDGE_NAMES[j] }))
export const THRESHOLD_GRADES = ['优秀', '称职', '基本称职'] as const

/** The live exact sum of one level's weights: green at exactly 1, red otherwise. */
export function WeightTotal({ weights, label = '权重合计' }: { weights: readonly (string | undefined)[]; label?: string }) {
  const sum = weightSum(weights)
  const text = sum === null ? '—' : decimalText(sum)
  return (
    <Tag color={sum === 10000 ? 'green' : 'red'} aria-label={label}>
      {label} {text}
    </Tag>
  )
}

const weightRule = { validator: (_: unknown, v: string) => (weightError(v) ? Promise.reject(new Error(weightError(v)!)) : Promise.resolve()) }
const listSum = (what: string) => ({
  validator: (_: unknown, list: { weight?: string }[] | undefined) => {
    const e = sumError((list ?? []).map((x) => x.weight), what)
    return e ? Promise.reject(new Error(e)) : Promise.resolve()
  },
})

/** ↑ ↓ 删除 of a row of a Form.List. */
function RowTools({ i, count, op, min = 1, noun }: { i: number; count: number; op: FormListOperation; min?: number; noun: string }) {
  return (
    <Space size={0}>
      <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`上移${noun}`} disabled={i === 0} onClick={() => op.move(i, i - 1)} />
      <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={`下移${noun}`} disabled={i === count - 1} onClick={() => op.move(i, i + 1)} />
      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除${noun}`} disabled={count <= min} onClick={() => op.remove(i)} />
    </Space>
  )
}

/**
 * One indicator's (or sub-indicator's) fields: name, weight, judge type (leaves only) and note. A function returning a
 * fragment, not a component: Space flattens a fragment into one item per field, a row; a component's fields made one
 * item, stacked in a column.
 */
function indicatorFields(field: FormListFieldData, leaf: boolean, label: string) {
  return (
    <>
      <Form.Item name={[field.name, 'key']} hidden><Input /></Form.Item>
      <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: `请输入${label}名称` }]} style={{ marginBottom: 8 }}>
        <Input aria-label={`${label}名称`} placeholder={`${label}名称`} maxLength={LIMITS.name} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name={[field.name, 'weight']} rules={[weightRule]} style={{ marginBottom: 8 }}>
        <Input aria-label={`${label}权重`} placeholder="权重，如 0.2" style={{ width: 110 }} />
      </Form.Item>
      {leaf && (
        <Form.Item name={[field.name, 'judge']} rules={[{ required: true, message: '请选择评价方式' }]} style={{ marginBottom: 8 }}>
          <Select aria-label={`${label}评价方式`} placeholder="评价方式" options={judgeOptions} style={{ width: 120 }} />
        </Form.Item>
      )}
      <Form.Item name={[field.name, 'note']} style={{ marginBottom: 8 }}>
        <Input aria-label={`${label}说明`} placeholder="说明（选填）" maxLength={LIMITS.note} style={{ width: 200 }} />
      </Form.Item>
    </>
  )
}

/** The sub-indicators of one top-level indicator, with their own sum. */
function Children({ parent, indicator, all, form }: { parent: FormListFieldData; indicator: Indicator | undefined; all: Indicator[]; form: FormInstance }) {
  const children = indicator?.children ?? []
  return (
    <Form.List name={[parent.name, 'children']} rules={[{ validator: (_, list: Indicator[] | undefined) => {
      const e = list?.length ? sumError(list.map((c) => c.weight), `「${indicator?.name || '该指标'}」的二级指标`) : null
      return e ? Promise.reject(new Error(e)) : Promise.resolve()
    } }]}>
      {(fields, op, { errors }) => (
        <div style={{ marginLeft: 24 }}>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap style={{ display: 'flex' }}>
              <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>{i + 1}.</Typography.Text>
              {indicatorFields(f, true, '二级指标')}
              <RowTools i={i} count={fields.length} op={op} min={0} noun="二级指标" />
            </Space>
          ))}
          <Space wrap>
            {fields.length > 0 && <WeightTotal label="二级指标权重合计" weights={children.map((c) => c.weight)} />}
            <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={fields.length >= LIMITS.children}
              onClick={() => {
                // A parent's judge goes with its first child: only leaves are judged.
                if (!fields.length) form.setFieldValue([D, 'indicators', parent.name, 'judge'], '')
                op.add({ key: newKey(indicatorKeys(all)), name: '', weight: '', judge: 'level', note: '' })
              }}>
              添加二级指标
            </Button>
          </Space>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  )
}

/**
 * A list's own rule (a sum of weights, the levels' order) runs on submit and when a row is added or removed, not when a
 * field inside it changes: once it has refused, it is checked again at every change, so that its message goes away as
 * soon as the live sum beside it turns green (it stayed, saying 1.05 beside a sum of 1, until the next save).
 */
function useRecheckLists(form: FormInstance, indicators: Indicator[], groups: Group[], levels: Level[] | undefined) {
  useEffect(() => {
    const lists = [[D, 'indicators'], [D, 'groups'], [D, 'levels'], ...indicators.map((_, i) => [D, 'indicators', i, 'children'])]
    const refused = lists.filter((name) => form.getFieldError(name).length > 0)
    if (refused.length) form.validateFields(refused).catch(() => undefined)
  }, [form, indicators, groups, levels])
}

/**
 * The definition of a scheme (docs/assess.md): the two-level indicator tree, the evaluator groups, the levels, the
 * grade thresholds, the 优秀 share (a percent here, a decimal on the wire) and the invalid-ballot rule. Every level's
 * weights show their exact sum as they are typed.
 */
export default function DefinitionEditor({ form }: { form: FormInstance }) {
  const indicators = (Form.useWatch([D, 'indicators'], form) as Indicator[] | undefined) ?? []
  const groups = (Form.useWatch([D, 'groups'], form) as Group[] | undefined) ?? []
  const levels = Form.useWatch([D, 'levels'], form) as Level[] | undefined
  useRecheckLists(form, indicators, groups, levels)
  return (
    <>
      <Card size="small" title="考核指标" style={{ marginBottom: 12 }} extra={<WeightTotal label="一级指标权重合计" weights={indicators.map((i) => i.weight)} />}>
        <Form.List name={[D, 'indicators']} rules={[listSum('一级指标')]}>
          {(fields, op, { errors }) => (
            <>
              {fields.map((f, i) => {
                const leaf = !indicators[i]?.children?.length
                return (
                  <div key={f.key} style={{ borderBottom: '1px dashed #eee', marginBottom: 8 }}>
                    <Space align="start" wrap style={{ display: 'flex' }}>
                      <Typography.Text strong style={{ lineHeight: '32px' }}>{i + 1}.</Typography.Text>
                      {indicatorFields(f, leaf, '一级指标')}
                      <RowTools i={i} count={fields.length} op={op} noun="一级指标" />
                    </Space>
                    <Children parent={f} indicator={indicators[i]} all={indicators} form={form} />
                  </div>
                )
              })}
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= LIMITS.indicators}
                onClick={() => op.add({ key: newKey(indicatorKeys(indicators)), name: '', weight: '', judge: 'level', note: '' })}>
                添加一级指标
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Card>

      <Card size="small" title="评价主体" style={{ marginBottom: 12 }} extra={<WeightTotal label="评价主体权重合计" weights={groups.map((g) => g.weight)} />}>
        <Form.List name={[D, 'groups']} rules={[listSum('评价主体')]}>
          {(fields, op, { errors }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'key']} hidden><Input /></Form.Item>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '请输入评价主体名称' }]} style={{ marginBottom: 8 }}>
                    <Input aria-label="评价主体名称" placeholder="如 教职工代表" maxLength={LIMITS.name} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'weight']} rules={[weightRule]} style={{ marginBottom: 8 }}>
                    <Input aria-label="评价主体权重" placeholder="权重，如 0.3" style={{ width: 110 }} />
                  </Form.Item>
                  <RowTools i={i} count={fields.length} op={op} noun="评价主体" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= LIMITS.groups}
                onClick={() => op.add({ key: newKey(groupKeys(groups)), name: '', weight: '' })}>
                添加评价主体
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Card>

      <Card size="small" title="评价等次（从高到低）" style={{ marginBottom: 12 }}
        extra={
          <Space>
            <Button size="small" onClick={() => form.setFieldValue([D, 'levels'], LEVEL_PRESETS.grade.map((l) => ({ ...l })))}>优秀/称职/基本称职/不称职</Button>
            <Button size="small" onClick={() => form.setFieldValue([D, 'levels'], LEVEL_PRESETS.quality.map((l) => ({ ...l })))}>好/较好/一般/差</Button>
          </Space>
        }>
        <Form.List name={[D, 'levels']} rules={[{ validator: (_, list: Level[] | undefined) => (levelsError(list) ? Promise.reject(new Error(levelsError(list)!)) : Promise.resolve()) }]}>
          {(fields, op, { errors }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'key']} hidden><Input /></Form.Item>
                  <Form.Item name={[f.name, 'label']} rules={[{ required: true, whitespace: true, message: '请输入等次名称' }]} style={{ marginBottom: 8 }}>
                    <Input aria-label="等次名称" placeholder="等次名称" maxLength={LIMITS.name} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'score']} rules={[{ required: true, message: '请输入分值' }]} style={{ marginBottom: 8 }}>
                    <InputNumber aria-label="等次分值" placeholder="分值" min={LIMITS.minScore} max={LIMITS.maxScore} precision={0} style={{ width: 100 }} />
                  </Form.Item>
                  <RowTools i={i} count={fields.length} op={op} min={2} noun="等次" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= LIMITS.levels}
                onClick={() => op.add({ key: newKey((form.getFieldValue([D, 'levels']) as Level[] | undefined ?? []).map((l) => l.key)), label: '', score: null })}>
                添加等次
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Card>

      <Card size="small" title="等次评定" style={{ marginBottom: 12 }}>
        <Typography.Paragraph type="secondary">综合得分达到分数线即评为该等次，低于基本称职分数线为不称职。</Typography.Paragraph>
        <Space align="start" wrap>
          {THRESHOLD_GRADES.map((g, i) => (
            <Form.Item key={g} name={[D, 'thresholds', i]} label={`${g}分数线`} dependencies={THRESHOLD_GRADES.map((_, j) => [D, 'thresholds', j])}
              rules={[{ validator: (_, v: string) => {
                const e = scoreError(v) ?? (i > 0 ? thresholdsError((form.getFieldValue([D, 'thresholds']) as string[]).slice(0, i + 1)) : null)
                return e ? Promise.reject(new Error(e)) : Promise.resolve()
              } }]}>
              <Input aria-label={`${g}分数线`} style={{ width: 110 }} />
            </Form.Item>
          ))}
          <Form.Item name="sharePercent" label="优秀比例上限" rules={[{ required: true, message: '请输入优秀比例' }]}
            extra="按分数评为优秀的人数不超过参评人数乘以该比例（向下取整）">
            <InputNumber aria-label="优秀比例上限" min={0} max={100} precision={2} suffix="%" style={{ width: 130 }} />
          </Form.Item>
        </Space>
      </Card>

      <Card size="small" title="无效票规则">
        <Form.Item name={[D, 'invalid', 'uniform']} valuePropName="checked" label="全部同一等次的选票无效"
          extra="开启后，一张选票对所有等次评价项给出同一个等次时，该票无效，不计入得分。">
          <Switch aria-label="全部同一等次的选票无效" />
        </Form.Item>
        <Form.Item name={[D, 'invalid', 'incomplete']} valuePropName="checked" label="须答完所有评价项"
          extra="开启后，选票须对每名干部的每一项作答，缺答的选票无效；关闭时允许缺答，每项按已作答的选票计算平均分。">
          <Switch aria-label="须答完所有评价项" />
        </Form.Item>
      </Card>
    </>
  )
}
