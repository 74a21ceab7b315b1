import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Typography, type FormInstance } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import { useDicts } from '@/components/dict/useDicts'
import { formOptions } from '@/utils/dict'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import type { OrgBody, OrgDetail } from '../types'

/** Form values of an organisation: dates as dayjs. */
export type OrgValues = Omit<OrgBody, 'foundedOn' | 'termStart'> & { foundedOn?: Dayjs | null; termStart?: Dayjs | null }

export const ORG_DICTS = ['DZZ_LX', 'DZZ_LB'] as const

export function orgValues(d: OrgDetail): OrgValues {
  return {
    ...d,
    foundedOn: d.foundedOn ? dayjs(d.foundedOn) : null,
    termStart: d.termStart ? dayjs(d.termStart) : null,
  }
}

export function orgBody(v: OrgValues): OrgBody {
  return {
    ...v,
    shortName: v.shortName ?? '',
    category: v.category ?? '',
    secretaryName: v.secretaryName ?? '',
    contactPhone: v.contactPhone ?? '',
    committee: v.committee ?? [],
    unitDeptId: v.unitDeptId ?? null,
    foundedOn: v.foundedOn ? v.foundedOn.format('YYYY-MM-DD') : '',
    termStart: v.termStart ? v.termStart.format('YYYY-MM-DD') : '',
  }
}

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

interface Props {
  form: FormInstance<OrgValues>
  /** Shows the parent picker (create and split); edits change the parent with 调整上级. */
  withParent?: boolean
  /** Organisations that cannot be the parent. */
  parentDisabled?: ReadonlySet<number>
  /** The organisation edited: its type and category stay offered even when disabled since. */
  kept?: { type?: string; category?: string } | null
}

/** The fields of an organisation, shared by the create/edit drawer and the split dialog. */
export default function OrgFields({ form, withParent, parentDisabled, kept }: Props) {
  const dicts = useDicts(...ORG_DICTS)
  const start = Form.useWatch('termStart', form)
  const years = Form.useWatch('termYears', form)
  const end = termEnd(start, years)
  const overdue = end && end < dayjs().format('YYYY-MM-DD')

  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="name" label="党组织名称" rules={[{ required: true, whitespace: true, message: '请输入党组织名称' }, { max: 50, message: '不超过50个字' }]}>
          <Input placeholder="请输入党组织名称" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="code"
          label="党组织编码"
          rules={[
            { required: true, whitespace: true, message: '请输入党组织编码' },
            { pattern: /^[0-9A-Za-z_-]{1,32}$/, message: '只能由字母、数字、下划线和短横线组成，且不超过32位' },
          ]}
        >
          <Input placeholder="请输入党组织编码" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="shortName" label="简称" rules={[{ max: 20, message: '不超过20个字' }]}>
          <Input placeholder="请输入简称" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="type" label="党组织类型" rules={[{ required: true, message: '请选择党组织类型' }]}>
          <Select placeholder="请选择党组织类型" options={formOptions(dicts.DZZ_LX, kept?.type)} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="category" label="党组织类别">
          <Select allowClear placeholder="请选择党组织类别" options={formOptions(dicts.DZZ_LB, kept?.category)} />
        </Form.Item>
      </Col>
      {withParent && (
        <Col span={12}>
          <Form.Item name="pid" label="上级党组织" extra="不选则为顶级党委">
            <OrgTreeSelect placeholder="请选择上级党组织" disabledIds={parentDisabled} />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item name="unitDeptId" label="所在单位">
          <DeptTreeSelect placeholder="请选择所在单位" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="foundedOn" label="成立日期">
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="书记、委员" extra="正式党员7名以上的支部应设立支部委员会">
          <Typography.Text type="secondary">保存后在组织树的“设置书记/委员”中从本组织党员中选择</Typography.Text>
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="contactPhone" label="联系电话" rules={[{ pattern: /^[0-9+\-() ]{0,32}$/, message: '联系电话格式不正确' }]}>
          <Input placeholder="请输入联系电话" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="termStart" label="本届任期开始">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="termYears" label="任期年限" extra="党委5年，党总支、党支部3年">
          <Radio.Group
            options={[
              { label: '3年', value: 3 },
              { label: '5年', value: 5 },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="届满日期">
          <Typography.Text type={overdue ? 'danger' : undefined} data-testid="term-end">
            {end ? `${end}${overdue ? '（已届满）' : ''}` : '填写任期开始后自动计算'}
          </Typography.Text>
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  )
}
