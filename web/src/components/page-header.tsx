import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's heading with what acts on the whole page (create, import, export, a status) at its right; wraps on a phone. */
export function PageHeader({ title, children, align = 'center' }: { title: ReactNode; children?: ReactNode; align?: 'center' | 'baseline' }) {
  return (
    <Flex justify="space-between" align={align} wrap gap={8}>
      <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}
