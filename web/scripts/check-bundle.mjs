// After `vite build`: sums the gzipped JavaScript the /login route loads (the entry's static
// imports plus the login page chunk and its static imports), prints it, and fails over the budget.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 350
const dist = new URL('../dist/', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)
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
for (const f of files) total += gzipSync(readFileSync(join(dist, f)), { level: 9 }).length
const kb = total / 1024
console.log(`/login route JavaScript: ${files.size} files, ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`)
if (kb > BUDGET_KB) {
  console.error(`bundle check failed: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB`)
  process.exit(1)
}
