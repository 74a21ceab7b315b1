import type { PublicKey } from '@/api/generated/publicKey'

/** Marks an SM2 ciphertext for the server (a colon is outside base64, so no RSA ciphertext starts like it). */
const SM2_WIRE = 'sm2:'

/**
 * Encrypts a password with the server's public key in the algorithm the server names (系统配置
 * passwordTransport): RSA PKCS#1 v1.5 in base64 (jsencrypt), or 国密 SM2 (GB/T 32918.4, C1C3C2, hex;
 * sm-crypto-v2). Each library is loaded on first use, so the login page downloads neither before the
 * user submits, and only the one in use.
 */
export async function encryptPassword(key: PublicKey, text: string): Promise<string> {
  if (key.algorithm === 'sm2') {
    const { sm2 } = await import('sm-crypto-v2')
    return SM2_WIRE + sm2.doEncrypt(text, key.publicKey, 1)
  }
  const { JSEncrypt } = await import('jsencrypt')
  const enc = new JSEncrypt()
  enc.setPublicKey(key.publicKey)
  const out = enc.encrypt(text)
  if (out === false) throw new Error('密码加密失败')
  return out
}
