import { Modal, Typography } from 'antd'
import type { Paper } from '@/api/generated/ballot'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import BallotPaper from '@/components/ballot/BallotPaper'

/** 预览: the paper as the audience fills it on a phone (answers can be tried; nothing is sent). */
export default function Preview({ paper, onClose }: { paper: Paper; onClose: () => void }) {
  return (
    <Modal {...DIALOG_DEFAULTS} open title="预览" width={440} footer={null} onCancel={onClose}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>{paper.title || '（未填写标题）'}</Typography.Title>
      <BallotPaper paper={paper} preview />
    </Modal>
  )
}
