import { Modal, Slider, Typography } from 'antd';
import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { PHOTO_MIN_SIDE } from '@portal/shared/media/photo-rules';
import type { CropArea } from '../lib/photo/crop-image';

export interface PhotoCropperProps {
  imageUrl: string;
  /** Width / height of the crop frame. */
  aspect: number;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (area: CropArea) => void;
}

const MAX_ZOOM_LIMIT = 5;

/**
 * The crop step (loaded lazily with react-easy-crop, DESIGN §7). Drag or arrow keys move the picture,
 * the slider (or wheel, pinch) zooms; zoom stops before the crop would fall under 200 × 200 pixels.
 */
export function PhotoCropper({ imageUrl, aspect, busy, onCancel, onConfirm }: PhotoCropperProps) {
  const { t } = useTranslation('photo');
  const hintId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [maxZoom, setMaxZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <Modal
      open
      title={t('crop.title')}
      okText={t('crop.confirm')}
      cancelText={t('crop.cancel')}
      onOk={() => area && onConfirm(area)}
      onCancel={onCancel}
      okButtonProps={{ disabled: !area, loading: busy ?? false, ...({ 'data-testid': 'photo-crop-confirm' } as object) }}
      cancelButtonProps={{ ...({ 'data-testid': 'photo-crop-cancel' } as object) }}
      maskClosable={false}
      destroyOnHidden
      centered
    >
      <Typography.Paragraph id={hintId} type="secondary">
        {t('crop.hint')}
      </Typography.Paragraph>
      <div className="photo-cropper-stage" data-testid="photo-crop-stage">
        <Cropper
          image={imageUrl}
          crop={crop}
          zoom={zoom}
          maxZoom={maxZoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_relative, pixels) => setArea(pixels)}
          onMediaLoaded={(media) => {
            // The crop frame's size in picture pixels at zoom 1; keep both sides ≥ 200 at the largest zoom.
            const frameWidth = Math.min(media.naturalWidth, media.naturalHeight * aspect);
            const frameHeight = frameWidth / aspect;
            setMaxZoom(Math.max(1, Math.min(MAX_ZOOM_LIMIT, Math.min(frameWidth, frameHeight) / PHOTO_MIN_SIDE)));
          }}
          keyboardStep={8}
          cropperProps={{ 'aria-label': t('crop.area'), 'aria-describedby': hintId, role: 'group' }}
          showGrid
        />
      </div>
      <div className="photo-cropper-zoom">
        <span aria-hidden="true">{t('crop.zoom')}</span>
        <Slider min={1} max={maxZoom} step={0.01} value={zoom} onChange={setZoom} disabled={maxZoom <= 1} ariaLabelForHandle={t('crop.zoom')} data-testid="photo-crop-zoom" tooltip={{ open: false }} />
      </div>
    </Modal>
  );
}
