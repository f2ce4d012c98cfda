import type { ReactNode } from 'react';
import { StatusIcon, type PlainStatus } from './status-icon';

/**
 * antd's Result for the screens built without antd: a large status icon (or the caller's `icon`, decorative), a title
 * (the caller's heading), a text and actions.
 */
export function PlainResult({
  status,
  icon,
  title,
  subTitle,
  extra,
  testId,
}: {
  status: PlainStatus;
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="plain-result" data-testid={testId}>
      {icon ? <span className="plain-status-icon">{icon}</span> : <StatusIcon status={status} />}
      <div className="plain-result-title">{title}</div>
      {subTitle ? <div className="plain-result-subtitle">{subTitle}</div> : null}
      {extra ? <div className="plain-result-extra">{extra}</div> : null}
    </div>
  );
}
