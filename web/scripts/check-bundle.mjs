// After `vite build`: sums the JavaScript the /login route loads (the entry's static imports plus the
// login page chunk and its static imports) as a browser receives it — the brotli twin the build wrote
// (scripts/precompress.ts), else the file — prints it, and fails over the budget. The browser test
// e2e/tests/login-budget.test.mjs measures the same on the wire.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const BUDGET_KB = 350
const dist = new URL('../dist/', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))

// The app's page (the big screen, bigscreen/index.html, is an entry of its own that /login never loads).
const entry = manifest['index.html']?.isEntry ? 'index.html' : undefined
const login = 'src/pages/login/index.tsx'
if (!entry || !manifest[login]) {
  console.error('bundle check: entry or login chunk missing from the manifest')
  process.exit(1)
}

// vite empties dist/; the Go embed (//go:embed all:dist) needs the tracked placeholder back.
writeFileSync(join(dist, '.gitkeep'), '')

const files = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const dep of chunk.imports ?? []) visit(dep)
}
visit(entry)
visit(login)

let total = 0
for (const f of files) {
  const sent = existsSync(join(dist, `${f}.br`)) ? `${f}.br` : f
  total += readFileSync(join(dist, sent)).length
}
const kb = total / 1024
console.log(`/login route JavaScript: ${files.size} files, ${kb.toFixed(1)} KB as sent, brotli (budget ${BUDGET_KB} KB)`)
if (kb > BUDGET_KB) {
  console.error(`bundle check failed: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB`)
  process.exit(1)
}
