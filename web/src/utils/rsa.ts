import { JSEncrypt } from 'jsencrypt'

/** RSA-encrypts a password with the server's public key (PKCS#1 v1.5, base64), as the API requires. */
export function rsaEncrypt(publicKey: string, text: string): string {
  const enc = new JSEncrypt()
  enc.setPublicKey(publicKey)
  const out = enc.encrypt(text)
  if (out === false) throw new Error('密码加密失败')
  return out
}
