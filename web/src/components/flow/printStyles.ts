/** In print, the elements beside the layout's ancestors (app shell, menus, other content, dialogs): removed. */
export const PRINT_AROUND = '*:has(.print-layout) > *:not(.print-layout):not(:has(.print-layout))'
/** The layout's ancestors: in print they lose their own boxes, so the document starts at the page's top left. */
export const PRINT_ANCESTORS = '*:has(.print-layout)'

/**
 * The print stylesheet of PrintLayout, rendered as a <style> inside it so it works in whatever document the
 * layout is rendered into (a page of the app or a new window). In print, everything beside the path from
 * the page to the layout is removed (removed, not hidden: hidden content would still print blank pages), the
 * layout's ancestors lose their own boxes and scrolling so it paginates, and `.print-hide` (the toolbar) goes.
 */
export function printCss(margin: string): string {
  return `
@page { size: A4; margin: ${margin}; }
.print-layout .print-paper {
  box-sizing: border-box; width: 210mm; min-height: 297mm; margin: 0 auto 24px; padding: ${margin};
  background: #fff; color: #000; box-shadow: 0 1px 6px rgba(0, 0, 0, 0.15); font-size: 14px; line-height: 1.8;
}
.print-layout .print-title { margin: 0 0 12px; text-align: center; font-size: 22px; font-weight: 600; letter-spacing: 2px; }
.print-layout .print-meta { display: grid; grid-template-columns: 1fr 1fr; gap: 0 24px; margin-bottom: 16px; }
.print-layout .print-meta-label { color: #444; }
.print-layout .print-signatures { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 16px 48px; margin-top: 48px; break-inside: avoid; }
.print-layout .print-signature-line { display: inline-block; min-width: 120px; border-bottom: 1px solid #000; text-align: center; }
.print-layout .print-toolbar { display: flex; justify-content: center; gap: 8px; margin: 16px 0; }
@media print {
  ${PRINT_AROUND} { display: none !important; }
  ${PRINT_ANCESTORS} {
    display: block !important; position: static !important; overflow: visible !important; height: auto !important;
    min-height: 0 !important; margin: 0 !important; padding: 0 !important; border: 0 !important;
    background: none !important; box-shadow: none !important; transform: none !important;
  }
  .print-layout .print-hide { display: none !important; }
  .print-layout .print-paper { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
}
`
}
