import { ChainEditor } from '@/components/flow'
import { DEVELOP_API } from '@/api/develop'

/** 审批链: which organisation acts at each tracked step, per type of the record's branch. */
export default function ChainsTab({ canEdit }: { canEdit: boolean }) {
  return (
    <ChainEditor
      base={DEVELOP_API}
      recordNoun="的发展党员记录"
      canEdit={canEdit}
      note="跟踪哪些环节由发展配置决定；保存新版本时保留此处对办理党组织和角色的修改。已开始的记录沿用开始时的审批链。"
    />
  )
}
