import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Icon } from './icon';

/** SPEC 9: notifications at the top, 2500 ms (antd's App carries the same for the screens that use antd). */
export const NOTICE_DURATION_MS = 2500;

type NoticeKind = 'error' | 'success';
interface Notice {
  kind: NoticeKind;
  text: string;
  id: number;
}

export interface TopNotice {
  /** Render it once in the screen. */
  notice: ReactNode;
  showError: (text: string) => void;
  showSuccess: (text: string) => void;
}

/** The notification at the top of a screen built without antd (the sign-in screen): one at a time, an error read out at once. */
export function useTopNotice(): TopNotice {
  const [current, setCurrent] = useState<Notice | undefined>();
  useEffect(() => {
    if (!current) return undefined;
    const timer = window.setTimeout(() => setCurrent(undefined), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current]);
  const showError = useCallback((text: string) => setCurrent({ kind: 'error', text, id: Date.now() }), []);
  const showSuccess = useCallback((text: string) => setCurrent({ kind: 'success', text, id: Date.now() }), []);
  const notice = (
    <div className="top-notice-region">
      {current ? (
        <div key={current.id} className={`top-notice top-notice-${current.kind}`} role={current.kind === 'error' ? 'alert' : 'status'} data-testid={`top-notice-${current.kind}`}>
          <Icon definition={current.kind === 'error' ? CloseCircleFilled : CheckCircleFilled} />
          <span>{current.text}</span>
        </div>
      ) : null}
    </div>
  );
  return { notice, showError, showSuccess };
}
