import { useState } from 'react'
import { ImportWizard, type ImportBatch } from '@/components/import'
import type { InitialPassword } from '../types'
import InitialPasswordDialog from './InitialPasswordDialog'

interface Props {
  onClose: () => void
  onDone: () => void
}

/** The new accounts' initial passwords the commit answers once (`result.passwords`). */
function passwordsOf(batch: ImportBatch): InitialPassword[] {
  return (batch.result as { passwords?: InitialPassword[] } | undefined)?.passwords ?? []
}

/**
 * Import users through the staged import (kind `user`): the rows are checked with the user
 * editor's rules and shown by row and column before anything is written; after the commit the
 * new accounts' initial passwords are shown once, for printing or saving.
 */
export default function ImportDialog({ onClose, onDone }: Props) {
  const [hidden, setHidden] = useState(false)
  return (
    <ImportWizard
      kind="user"
      title="用户"
      onClose={onClose}
      onDone={onDone}
      renderResult={(batch) => {
        const accounts = passwordsOf(batch)
        return accounts.length > 0 && !hidden ? (
          <InitialPasswordDialog title="新账号的初始密码" accounts={accounts} onClose={() => setHidden(true)} />
        ) : null
      }}
    />
  )
}
