import type { DropdownProps } from 'antd';
import { lazy, Suspense } from 'react';

// DESIGN §7: the menu, its trigger and motion (antd Dropdown + Menu) are not needed to paint a page; the
// header shows its button at once and the dropdown's code follows right after, in its own chunk.
const Dropdown = lazy(() => import('antd/es/dropdown'));

/** antd's Dropdown, loaded after the first paint; until then its trigger shows as it is. */
export function LazyDropdown(props: DropdownProps) {
  return (
    <Suspense fallback={props.children}>
      <Dropdown {...props} />
    </Suspense>
  );
}
