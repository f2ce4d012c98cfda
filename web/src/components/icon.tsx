import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactElement } from 'react';

function render(node: AbstractNode, key?: number): ReactElement {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(render));
}

/**
 * One of antd's outlined icons drawn from its SVG data alone, for the screens built without antd (DESIGN §7):
 * @ant-design/icons's component brings its colour and style runtime. Decorative: hidden from assistive technology.
 */
export function Icon({ definition }: { definition: IconDefinition }) {
  const svg = typeof definition.icon === 'function' ? definition.icon('currentColor', 'currentColor') : definition.icon;
  return (
    <span className="plain-icon" aria-hidden>
      {createElement('svg', { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor' }, svg.children?.map(render))}
    </span>
  );
}
