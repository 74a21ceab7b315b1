/**
 * RSA-encrypts a password with the server's public key (PKCS#1 v1.5, base64), as the API requires.
 * jsencrypt is loaded on first use, so the login page does not download it before the user submits.
 */
export async function rsaEncrypt(publicKey: string, text: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt')
  const enc = new JSEncrypt()
  enc.setPublicKey(publicKey)
  const out = enc.encrypt(text)
  if (out === false) throw new Error('密码加密失败')
  return out
}
