import { Form, Input, Typography } from 'antd'
import FormDialog from '@/components/FormDialog'
import { updateJob } from '../service'
import type { Job } from '../types'

interface Props {
  job: Job
  onClose: () => void
  onDone: () => void
}

/** 编辑 a job's schedule: the server checks the expression and marks the field when it is wrong. */
export default function CronDialog({ job, onClose, onDone }: Props) {
  return (
    <FormDialog<{ cron: string }>
      title={`编辑执行计划：${job.title}`}
      initialValues={{ cron: job.cron }}
      onSubmit={(v) => updateJob({ name: job.name, cron: v.cron })}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="cron" label="Cron 表达式" rules={[{ required: true, whitespace: true, message: '请输入 Cron 表达式' }]}>
        <Input placeholder="分 时 日 月 周，如 0 2 * * *" maxLength={100} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item label="当前计划">{job.schedule}</Form.Item>
      <Form.Item label="说明">
        <Typography.Text type="secondary">
          五段依次为分、时、日、月、周（北京时间），如 <Typography.Text code>0 2 * * *</Typography.Text> 每天 2:00，
          <Typography.Text code>*/10 * * * *</Typography.Text> 每 10 分钟，<Typography.Text code>30 6 * * 1</Typography.Text> 每周一 6:30。
          默认：{job.defaultSchedule}（<Typography.Text code>{job.defaultCron}</Typography.Text>）
        </Typography.Text>
      </Form.Item>
    </FormDialog>
  )
}
