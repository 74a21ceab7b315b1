import { Alert } from 'antd'
import type { RefObject } from 'react'

/**
 * Why a submit failed when the server named no field of the form: shown at the form's end, beside its buttons,
 * and focused (role="alert" is read out) by useFormError when it appears.
 */
export default function FormErrorAlert({ error, innerRef }: { error: string | null; innerRef: RefObject<HTMLDivElement | null> }) {
  if (!error) return null
  return (
    <div ref={innerRef} tabIndex={-1} className="form-error" style={{ outline: 'none', marginTop: 8 }}>
      <Alert type="error" showIcon role="alert" title={error} />
    </div>
  )
}
