// Direct API calls for test set-up (users, sessions), RSA-encrypting passwords as the browser does.
import { constants, publicEncrypt } from 'node:crypto'

export async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let data = text
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    /* plain text */
  }
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
  return data
}

/** PKCS#1 v1.5 with the server's SubjectPublicKeyInfo, base64, like jsencrypt. */
export async function encryptor(base) {
  const { publicKey } = await call(base, 'GET', '/auth/publicKey')
  const key = `-----BEGIN PUBLIC KEY-----\n${publicKey.match(/.{1,64}/g).join('\n')}\n-----END PUBLIC KEY-----\n`
  return (text) => publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64')
}

/** Changes an account's initial password over the API (the browser then signs in without the forced change). */
export async function setPassword(base, username, initial, password) {
  const { token } = await login(base, username, initial)
  const enc = await encryptor(base)
  await call(base, 'POST', '/api/users/updatePass', { token, body: { oldPass: enc(initial), newPass: enc(password) } })
}

export async function login(base, username, password) {
  const enc = await encryptor(base)
  const { token, user } = await call(base, 'POST', '/auth/login', {
    body: { username, password: enc(password), code: '', uuid: '', rememberMe: false },
  })
  return { token, user }
}
