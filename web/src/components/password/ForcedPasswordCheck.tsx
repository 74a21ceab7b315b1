import { useEffect, useState } from 'react'
import { checkPassword, type PasswordCheck } from '@/api/user'
import { useSessionStore } from '@/stores/session'
import PasswordDialog from './PasswordDialog'

/**
 * Asks the server once per layout mount whether the password must be changed first, and opens the
 * dialog too when any request was refused for that reason (the server enforces it on every route).
 */
export default function ForcedPasswordCheck() {
  const [check, setCheck] = useState<PasswordCheck | null>(null)
  const refused = useSessionStore((s) => s.mustChangePassword)
  useEffect(() => {
    checkPassword().then(setCheck, () => undefined)
  }, [refused])
  const open = !!check?.needChange || refused
  const close = () => {
    setCheck(null)
    useSessionStore.setState({ mustChangePassword: false })
  }
  return <PasswordDialog open={open} forced reason={check?.reason} onClose={close} />
}
