import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

/** ECharts, tree-shaken to the line and bar charts the figure pages draw (dashboard, entrance room), loaded with the first chart only. */
const loadECharts = () =>
  Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')]).then(([core, charts, components, renderers]) => {
    core.use([charts.LineChart, charts.BarChart, components.GridComponent, components.TooltipComponent, components.LegendComponent, renderers.CanvasRenderer]);
    return core;
  });

/**
 * One chart. It is a picture for sighted users (`aria-hidden`): the same numbers stand in the table
 * beside it, which screen readers read instead.
 */
export function EChart({ option, height = 260, testId }: { option: EChartsCoreOption; height?: number; testId: string }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption: (option: EChartsCoreOption, notMerge?: boolean) => void; resize: () => void; dispose: () => void } | null>(null);
  useEffect(() => {
    let disposed = false;
    const observer = new ResizeObserver(() => chart.current?.resize());
    void loadECharts().then((echarts) => {
      if (disposed || !element.current) return;
      chart.current = echarts.init(element.current);
      chart.current.setOption(option, true);
      observer.observe(element.current);
      element.current.dataset.rendered = 'true';
    });
    return () => {
      disposed = true;
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
    // The chart is created once; option changes go through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={element} style={{ width: '100%', height }} aria-hidden="true" data-testid={testId} />;
}
