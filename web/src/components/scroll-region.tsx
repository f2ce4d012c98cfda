import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls sideways inside this region, which keyboard users can
 * focus and scroll (axe scrollable-region-focusable), even when the table holds nothing focusable.
 */
export function ScrollRegion({ label, maxHeight, children }: { label: string; /** Scrolls down too beyond this height (px). */ maxHeight?: number; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0} style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
      {children}
    </div>
  );
}
