import { Alert, Button, Form, InputNumber, Modal, Table, Typography } from 'antd'
import { useRef, useState } from 'react'
import { LIMITS, type Published, type View } from '@/api/generated/survey'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import FormDialog from '@/components/FormDialog'
import { publicUrl, publishQuestionnaire } from './api'

/**
 * 发布: the audience is fixed and the link made; an anonymous questionnaire may print one-time codes for people
 * without an account. The codes are shown this once (only their hashes are kept), to print or copy.
 */
export default function PublishDialog({ questionnaire: v, onClose, onPublished }: { questionnaire: View; onClose: () => void; onPublished: () => void }) {
  const [done, setDone] = useState<Published>()
  // The form closes itself after its submit: once published it stays, to show the link and the codes.
  const published = useRef(false)
  if (done) {
    return (
      <Modal {...DIALOG_DEFAULTS} open title="问卷已发布" width={640} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>完成</Button>}>
        <Typography.Paragraph>已通知发放范围内的 {done.audience - done.codes} 人（消息中心）。问卷链接：</Typography.Paragraph>
        <Typography.Paragraph copyable code>{publicUrl(done.link)}</Typography.Paragraph>
        {done.printedCodes.length > 0 && (
          <>
            <Alert type="warning" showIcon title="纸质票码只显示这一次，请立即复制或打印，关闭后无法再次查看。" style={{ marginBottom: 12 }} />
            <Table
              rowKey="no"
              size="small"
              pagination={false}
              scroll={{ y: 320 }}
              dataSource={done.printedCodes}
              columns={[{ title: '序号', dataIndex: 'no', width: 80 }, { title: '票码', dataIndex: 'code', render: (c: string) => <Typography.Text copyable code>{c}</Typography.Text> }]}
            />
          </>
        )}
      </Modal>
    )
  }
  return (
    <FormDialog<{ codes?: number }>
      title={`发布问卷：${v.title}`}
      okText="发布"
      initialValues={{ codes: 0 }}
      successText="问卷已发布"
      onClose={() => { if (!published.current) onClose() }}
      onSubmit={async (form) => {
        const p = await publishQuestionnaire(v.id, { codes: v.anonymous ? (form.codes ?? 0) : 0 })
        published.current = true
        onPublished()
        setDone(p)
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }}
        title="发布后按发放范围确定填写人员并通过消息中心通知，题目和发放范围不能再修改。只有关联了系统账号的党员能够在线填写。" />
      {v.anonymous && (
        <Form.Item name="codes" label="纸质票码" extra="为没有系统账号的人员打印一次性票码（每码只能填写一次），不需要可填 0">
          <InputNumber min={0} max={LIMITS.codes} precision={0} style={{ width: 160 }} />
        </Form.Item>
      )}
    </FormDialog>
  )
}
