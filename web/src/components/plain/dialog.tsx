import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from '../icon';

/**
 * antd's Modal for the screens built without antd: the browser's own modal `<dialog>` (focus kept inside,
 * Escape closes, the page behind inert), with a title, a close button and an optional footer.
 * `closeLabel` is the close button's accessible name; without `onClose` the dialog cannot be dismissed.
 * `className` styles it further (the side sheet, `side-sheet.tsx`).
 */
export function PlainDialog({
  open,
  title,
  onClose,
  closeLabel,
  footer,
  width = 520,
  className,
  children,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  onClose?: () => void;
  closeLabel: string;
  footer?: ReactNode;
  width?: number;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={className ? `plain-dialog ${className}` : 'plain-dialog'}
      style={{ width: `min(${width}px, calc(100vw - 32px))` }}
      aria-labelledby={titleId}
      data-testid={testId}
      // Escape: the dialog stays open until the parent says so (or cannot be dismissed at all).
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      // An antd dialog this one was opened from (the ticket office's QR) closes on any Escape reaching the window.
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      {open ? (
        <>
          <div className="plain-dialog-header">
            <h2 className="plain-dialog-title" id={titleId}>
              {title}
            </h2>
            {onClose ? (
              <button type="button" className="plain-button plain-button-text plain-dialog-close" aria-label={closeLabel} onClick={onClose}>
                <Icon definition={CloseOutlined} />
              </button>
            ) : null}
          </div>
          <div className="plain-dialog-body">{children}</div>
          {footer ? <div className="plain-dialog-footer">{footer}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}
