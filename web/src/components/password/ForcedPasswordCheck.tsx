import { useEffect, useState } from 'react'
import { checkPassword, type PasswordCheck } from '@/api/user'
import PasswordDialog from './PasswordDialog'

/** Asks the server once per layout mount whether the password must be changed first. */
export default function ForcedPasswordCheck() {
  const [check, setCheck] = useState<PasswordCheck | null>(null)
  useEffect(() => {
    checkPassword().then(setCheck, () => undefined)
  }, [])
  return <PasswordDialog open={!!check?.needChange} forced reason={check?.reason} onClose={() => setCheck(null)} />
}
