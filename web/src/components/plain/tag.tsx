import type { ReactNode } from 'react';

export type PlainTagColor = 'default' | 'red' | 'green' | 'orange' | 'blue';

/** antd's Tag for the screens built without antd (the colours of antd's preset tags, at AA contrast). */
export function PlainTag({ color = 'default', children, testId }: { color?: PlainTagColor; children: ReactNode; testId?: string }) {
  return (
    <span className={`plain-tag plain-tag-${color}`} data-testid={testId}>
      {children}
    </span>
  );
}
