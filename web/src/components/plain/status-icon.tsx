import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { Icon } from '../icon';

/** The four kinds of message antd's Alert and Result show, each with its colour (styles.css `plain-status-<kind>`). */
export type PlainStatus = 'info' | 'success' | 'warning' | 'error';

const ICONS = { info: InfoCircleFilled, success: CheckCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled } as const;

export function StatusIcon({ status }: { status: PlainStatus }) {
  return (
    <span className={`plain-status-icon plain-status-${status}`}>
      <Icon definition={ICONS[status]} />
    </span>
  );
}
