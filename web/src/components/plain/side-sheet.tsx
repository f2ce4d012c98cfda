import type { ReactNode } from 'react';
import { PlainDialog } from './dialog';
import './side-sheet.css';

/**
 * antd's Drawer (placement left) for the screens built without antd: a modal dialog along the left edge,
 * full height, with a title and a close button; Escape and the close button call `onClose`.
 */
export function PlainSideSheet({ open, title, onClose, closeLabel, children, testId }: { open: boolean; title: ReactNode; onClose: () => void; closeLabel: string; children: ReactNode; testId?: string }) {
  return (
    <PlainDialog open={open} title={title} onClose={onClose} closeLabel={closeLabel} width={280} className="plain-side-sheet" testId={testId}>
      {children}
    </PlainDialog>
  );
}
