import type { ReactNode } from 'react';

/** antd's Card for the screens built without antd (DESIGN §7): a bordered white panel with an optional title. */
export function PlainCard({ title, className, children, testId }: { title?: ReactNode; className?: string; children: ReactNode; testId?: string }) {
  return (
    <section className={className ? `plain-card ${className}` : 'plain-card'} data-testid={testId}>
      {title ? <div className="plain-card-title">{title}</div> : null}
      <div className="plain-card-body">{children}</div>
    </section>
  );
}
