import { Modal, Typography } from 'antd'
import { QUESTION_KIND_NAMES, type Paper } from '@/api/generated/survey'
import { DIALOG_DEFAULTS } from '@/app/bridge'

/** 预览: the paper as the audience will read it. */
export default function Preview({ paper, onClose }: { paper: Paper; onClose: () => void }) {
  return (
    <Modal {...DIALOG_DEFAULTS} open title="预览" width={420} footer={null} onCancel={onClose}>
      <Typography.Title level={4}>{paper.title || '（未填写标题）'}</Typography.Title>
      {paper.intro && <Typography.Paragraph type="secondary">{paper.intro}</Typography.Paragraph>}
      {paper.questions.map((q, i) => (
        <Typography.Paragraph key={q.key}>
          {i + 1}. {q.title || '（未填写题目）'}（{QUESTION_KIND_NAMES[q.kind]}）
        </Typography.Paragraph>
      ))}
    </Modal>
  )
}
