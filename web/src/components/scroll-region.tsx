import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls sideways inside this region, which keyboard users can
 * focus and scroll (axe scrollable-region-focusable), even when the table holds nothing focusable.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
