// The big screen (驾驶舱): a page of its own at /bigscreen/index.html, opened in the main app's
// big-screen view with a signature in its hash route. It never uses the app's session.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import BigScreen from './App'
import './bigscreen.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BigScreen />
  </StrictMode>,
)
