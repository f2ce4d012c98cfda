import type { ReactNode } from 'react';
import { StatusIcon, type PlainStatus } from './status-icon';

/**
 * antd's Alert for the screens built without antd: an icon, a title, an optional description and action.
 * Errors and warnings are announced at once (role alert), the others politely (role status).
 */
export function PlainAlert({
  type,
  title,
  description,
  action,
  testId,
}: {
  type: PlainStatus;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`plain-alert plain-alert-${type}`} role={type === 'error' || type === 'warning' ? 'alert' : 'status'} data-testid={testId}>
      <StatusIcon status={type} />
      <div className="plain-alert-content">
        <div className="plain-alert-title">{title}</div>
        {description ? <div className="plain-alert-description">{description}</div> : null}
      </div>
      {action ? <div className="plain-alert-action">{action}</div> : null}
    </div>
  );
}
