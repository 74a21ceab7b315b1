// The part of echarts the app draws with, registered once. Only EChart imports this module, and
// only dynamically, so echarts is a chunk of its own that the login page never loads.
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

// eslint-disable-next-line react-hooks/rules-of-hooks -- echarts' use() registers components; it is no React hook
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export { init }
