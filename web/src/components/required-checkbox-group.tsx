import { Checkbox } from 'antd';
import type { ComponentProps } from 'react';

/**
 * A Checkbox.Group inside a required Form.Item, without the aria-required that Form.Item adds to its
 * control: on the group's plain <div> that attribute is not allowed (axe aria-allowed-attr, critical);
 * the label keeps the mark.
 */
export function RequiredCheckboxGroup({ 'aria-required': _ariaRequired, ...props }: ComponentProps<typeof Checkbox.Group> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group {...props} />;
}
