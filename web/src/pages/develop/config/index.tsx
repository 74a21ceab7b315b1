import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Empty, Form, InputNumber, Row, Select, Spin, Switch, Table, Tabs, Tag, Typography } from 'antd'
import { useState } from 'react'
import { BY_NAMES, getConfig, RULE_DEFAULTS, RULE_SETTINGS, saveConfig, STEP_DUE_DAYS, stepLabel, type ConfigView, type DevConfig, type StepConfig } from '@/api/develop'
import { PERM } from '@/api/permissions'
import ReasonDialog from '@/components/ReasonDialog'
import { useHasPermission } from '@/components/Permission'
import { validateOrScroll } from '@/components/useFormSubmit'
import { formatTime } from '@/utils/time'
import ChainsTab from './ChainsTab'
import NumbersTab from './NumbersTab'

/** What a save asks before it makes a new version. */
export const SAVE_WARNING = '保存后新建的发展记录按新版本执行，已有记录保持原版本'

/** The steps and the rule numbers of the current version, edited in one form. */
function ConfigForm({ view, canEdit, onSaved }: { view: ConfigView; canEdit: boolean; onSaved: () => void }) {
  const [form] = Form.useForm<DevConfig>()
  const [saving, setSaving] = useState<DevConfig | null>(null)
  const meta = new Map(view.steps.map((s) => [s.key, s]))
  const steps = view.config.steps
  // The talk's deadline is the rule's (talkWithinMonths), in calendar months: the server computes both from it.
  const talkMonths = Form.useWatch(['rules', 'talkWithinMonths'], form) ?? view.config.rules.talkWithinMonths

  const ask = async () => {
    try {
      const values = await validateOrScroll(form)
      // Keys are not form fields: the steps keep their order and keys from the version edited.
      setSaving({
        steps: steps.map((s, i) => ({ ...s, ...values.steps?.[i], key: s.key, docs: values.steps?.[i]?.docs ?? s.docs ?? [] })),
        rules: { ...view.config.rules, ...values.rules },
      })
    } catch {
      /* the fields show what is wrong */
    }
  }

  return (
    <Form<DevConfig> form={form} initialValues={view.config} disabled={!canEdit} layout="vertical">
      <Tabs
        items={[
          {
            key: 'steps',
            label: '环节配置',
            children: (
              <Table<StepConfig>
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={steps}
                scroll={{ x: 760 }}
                columns={[
                  {
                    title: '环节',
                    key: 'name',
                    width: 240,
                    fixed: 'left',
                    render: (_: unknown, s) => {
                      const m = meta.get(s.key)
                      return m ? stepLabel(m) : s.key
                    },
                  },
                  { title: '办理', key: 'by', width: 90, render: (_: unknown, s) => BY_NAMES[meta.get(s.key)?.by ?? 'branch'] },
                  {
                    title: '跟踪',
                    key: 'tracked',
                    width: 110,
                    render: (_: unknown, s, i) => {
                      const always = meta.get(s.key)?.alwaysTracked || s.key === 'apply'
                      return (
                        <Form.Item name={['steps', i, 'tracked']} valuePropName="checked" noStyle>
                          <Switch size="small" disabled={always || !canEdit} aria-label={`跟踪${meta.get(s.key)?.name ?? s.key}`} />
                        </Form.Item>
                      )
                    },
                  },
                  {
                    title: '办理期限（天）',
                    key: 'dueDays',
                    width: 130,
                    render: (_: unknown, s, i) =>
                      s.key === 'talk' ? (
                        <Typography.Text type="secondary">申请后 {talkMonths} 个月（规则参数）</Typography.Text>
                      ) : (
                        <Form.Item name={['steps', i, 'dueDays']} noStyle>
                          <InputNumber min={STEP_DUE_DAYS.min} max={STEP_DUE_DAYS.max} precision={0} size="small" aria-label={`${meta.get(s.key)?.name ?? s.key}办理期限`} />
                        </Form.Item>
                      ),
                  },
                  {
                    title: '必备材料',
                    key: 'docs',
                    render: (_: unknown, s, i) => (
                      <Form.Item name={['steps', i, 'docs']} noStyle>
                        <Select
                          mode="tags"
                          size="small"
                          style={{ minWidth: 200, width: '100%' }}
                          placeholder="不要求"
                          options={(meta.get(s.key)?.docs ?? []).map((d) => ({ value: d, label: d }))}
                          maxTagTextLength={20}
                        />
                      </Form.Item>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'rules',
            label: '规则参数',
            children: (
              <Row gutter={24}>
                {RULE_SETTINGS.map((r) => (
                  <Col xs={24} md={12} xl={8} key={r.key}>
                    <Form.Item
                      label={r.label}
                      name={['rules', r.key]}
                      extra={`细则规定：${String(RULE_DEFAULTS[r.key])}`}
                      rules={[
                        { required: true, message: `请输入${r.label}` },
                        { type: 'number', min: r.min, max: r.max, message: `应在 ${r.min} 到 ${r.max} 之间` },
                      ]}
                    >
                      <InputNumber precision={0} style={{ width: 160 }} />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={12} xl={8}>
                  <Form.Item label="确定发展对象须有发展计划名额" name={['rules', 'planRequired']} valuePropName="checked" extra="细则规定：是">
                    <Switch />
                  </Form.Item>
                </Col>
              </Row>
            ),
          },
        ]}
      />
      {canEdit && (
        <Button type="primary" onClick={() => void ask()}>
          保存为新版本
        </Button>
      )}
      {saving && (
        <ReasonDialog
          title="保存发展配置"
          name="note"
          label="修改说明"
          message="请填写修改说明"
          note={<Alert type="warning" showIcon title={SAVE_WARNING} style={{ marginBottom: 16 }} />}
          rows={2}
          onClose={() => setSaving(null)}
          onDone={onSaved}
          successText={`已保存为第 ${view.version + 1} 版`}
          send={(note) => saveConfig({ config: saving, note })}
        />
      )}
    </Form>
  )
}

/**
 * 发展配置: the current version (which steps the school tracks, their deadlines and required documents, every number
 * of the 细则 with its regulation default) and its history; the 志愿书 number ranges; the approval chains.
 */
export default function DevConfigPage() {
  const client = useQueryClient()
  const config = useQuery({ queryKey: ['fzdy', 'config'], queryFn: getConfig })
  const canEdit = useHasPermission([PERM.fzdyConfig])
  const v = config.data
  const reload = () => {
    void client.invalidateQueries({ queryKey: ['fzdy', 'config'] })
    void client.invalidateQueries({ queryKey: ['fzdy', 'chains'] })
  }
  if (config.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />
  if (!v) return <Empty description="未能读取发展配置" />
  return (
    <Card variant="borderless">
      <Tabs
        items={[
          {
            key: 'config',
            label: '当前配置',
            children: (
              <>
                <Typography.Paragraph>
                  当前为 <Tag color="blue">第 {v.version} 版</Tag>
                  <Typography.Text type="secondary">每条发展记录按其创建时的版本执行</Typography.Text>
                </Typography.Paragraph>
                <ConfigForm key={v.version} view={v} canEdit={canEdit} onSaved={reload} />
              </>
            ),
          },
          {
            key: 'versions',
            label: '历史版本',
            children: (
              <Table
                rowKey="version"
                size="small"
                pagination={false}
                dataSource={v.versions}
                columns={[
                  { title: '版本', dataIndex: 'version', width: 80, render: (n: number) => `第 ${n} 版` },
                  { title: '修改说明', dataIndex: 'note' },
                  { title: '保存人', dataIndex: 'userName', width: 120 },
                  { title: '保存时间', dataIndex: 'createTime', width: 170, render: (t: string) => formatTime(t) },
                ]}
              />
            ),
          },
          { key: 'numbers', label: '志愿书编号段', children: <NumbersTab /> },
          { key: 'chains', label: '审批链', children: <ChainsTab canEdit={canEdit} /> },
        ]}
      />
    </Card>
  )
}

