import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { PHOTO_MIN_SIDE } from '@portal/shared/media/photo-rules';
import type { CropArea } from '../lib/photo/crop-image';
import { PlainDialog } from './plain/dialog';
import { BusyButton } from './plain/busy-button';

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
 * The crop step (loaded lazily with react-easy-crop, DESIGN §7), in the browser's own modal dialog. Drag or
 * arrow keys move the picture, the slider (or wheel, pinch) zooms; zoom stops before the crop would fall
 * under 200 × 200 pixels.
 */
export function PhotoCropper({ imageUrl, aspect, busy = false, onCancel, onConfirm }: PhotoCropperProps) {
  const { t } = useTranslation('photo');
  const hintId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [maxZoom, setMaxZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <PlainDialog
      open
      title={t('crop.title')}
      onClose={onCancel}
      closeLabel={t('crop.close')}
      footer={
        <>
          <button type="button" className="plain-button photo-cropper-button" onClick={onCancel} data-testid="photo-crop-cancel">
            {t('crop.cancel')}
          </button>
          <BusyButton
            type="button"
            className="plain-button plain-button-primary photo-cropper-button"
            onClick={() => area && onConfirm(area)}
            disabled={!area}
            busy={busy}
            data-testid="photo-crop-confirm"
          >
            {t('crop.confirm')}
          </BusyButton>
        </>
      }
    >
      <p id={hintId} className="plain-text-secondary photo-cropper-hint">
        {t('crop.hint')}
      </p>
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
        <input
          type="range"
          min={1}
          max={maxZoom}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          disabled={maxZoom <= 1}
          aria-label={t('crop.zoom')}
          data-testid="photo-crop-zoom"
        />
      </div>
    </PlainDialog>
  );
}
