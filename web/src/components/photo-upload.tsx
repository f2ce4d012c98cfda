import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import ScanOutlined from '@ant-design/icons-svg/es/asn/ScanOutlined';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { maxMegabytes, PHOTO_ACCEPT, PHOTO_MIN_BYTES, PHOTO_MIN_SIDE, FACE_RATIO_MAX, FACE_RATIO_MIN, type PhotoProfile } from '@portal/shared/media/photo-rules';
import { cropPicture, type CropArea } from '../lib/photo/crop-image';
import { faceLoadStage, prefetchFaceApiWhenIdle, subscribeToFaceLoad, type FaceLoadStage } from '../lib/photo/face-load-progress';
import { faceAdvice, type FaceMeasure } from '../lib/photo/face-measure';
import { checkPhotoFile, type PhotoProblem } from '../lib/photo/photo-checks';
import { useErrorText } from '../lib/use-error-text';
import { useBusyMark } from '../lib/readiness';
import { useTouchScreen } from '../lib/use-narrow-screen';
import { Icon } from './icon';
import { PlainAlert } from './plain/alert';
import './photo-upload.css';

/**
 * Which camera a photo of the purpose is taken with (`capture`): the person's own face with the front one, a document
 * with the back one; pictures of things (logos, banners, products) are chosen from the gallery only.
 */
const CAMERA_OF_PURPOSE: Partial<Record<PhotoPurposeName, 'user' | 'environment'>> = { ENTRY_CARD: 'user', BADGE: 'user', ID_CARD: 'environment', BADGE_ID: 'environment' };

const PhotoCropper = lazy(() => import('./photo-cropper').then((module) => ({ default: module.PhotoCropper })));

/** An uploaded photo: its id (what the form submits) and an authorised URL to show it. */
export interface PhotoValue {
  id: string;
  url: string;
  /** The stored picture's pixels, when the form checks them (a banner's placement size). */
  width?: number;
  height?: number;
}

export type PhotoPurposeName = 'ENTRY_CARD' | 'ID_CARD' | 'BADGE' | 'BADGE_ID' | 'CATALOG' | 'BANNER' | 'PRODUCT' | 'EXHIBITOR_LOGO' | 'BADGE_TEMPLATE' | 'LETTER_TEMPLATE';

export interface PhotoUploadProps {
  purpose: PhotoPurposeName;
  /** The size limit (SPEC 5: 5 MB on the audience form). */
  profile: PhotoProfile;
  value?: PhotoValue | null;
  onChange?: (value: PhotoValue | null) => void;
  /** Sends the cropped picture; the caller's feature owns the uploadPhoto mutation (features do not import each other). */
  upload: (file: File, purpose: PhotoPurposeName) => Promise<PhotoValue>;
  /** Check the face in the browser before uploading (the server always checks). */
  faceCheck?: boolean;
  /** Width / height of the crop frame; passport-style 3:4 by default. */
  aspect?: number;
  /** The crop's longest side sent, in pixels (crop-image.ts's OUTPUT_MAX_SIDE by default): a banner keeps its placement's size. */
  outputMaxSide?: number;
  /** Set by antd's Form.Item (or the plain form) so that the label points at the picker button. */
  id?: string;
  /** The field's error and hint, for the picker button (antd's Form.Item sets it too). */
  'aria-describedby'?: string;
  /** What the picture is ("Entry card photo"): the picker button says what it does for it. */
  label?: string;
  disabled?: boolean;
}

type Step = 'idle' | 'checking' | 'cropping' | 'cropping-busy' | 'face-loading' | 'uploading';
type FaceState = { kind: 'measured'; measure: FaceMeasure } | { kind: 'unavailable' } | null;
type Problem = { kind: 'code'; problem: PhotoProblem } | { kind: 'server'; error: unknown } | null;

/** The steps of a first face check, shown while it runs: face-api downloaded, its detector prepared, the face checked. */
const FACE_STEPS: Record<FaceLoadStage, { key: 'downloading' | 'preparing' | 'checking'; step: number }> = {
  idle: { key: 'downloading', step: 1 },
  downloading: { key: 'downloading', step: 1 },
  failed: { key: 'downloading', step: 1 },
  preparing: { key: 'preparing', step: 2 },
  ready: { key: 'checking', step: 3 },
};
const FACE_STEP_COUNT = 3;

/** Face-api may be slow to arrive on 4G; past this the upload goes on and the server checks alone. */
const FACE_LOAD_TIMEOUT_MS = 45_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function percent(ratio: number | null): number {
  return ratio === null ? 0 : Math.round(ratio * 1000) / 10;
}

/**
 * Photo picker for applications (SPEC 5): instant checks of type (by content), size and pixels, a crop
 * step, the face rule measured in the browser exactly like the server, then the upload. Every refusal
 * is the translated message of its error code; the server's refusal is shown the same way.
 */
export function PhotoUpload({ purpose, profile, value, onChange, upload, faceCheck = true, aspect = 3 / 4, outputMaxSide, id, 'aria-describedby': describedBy, label, disabled }: PhotoUploadProps) {
  const { t } = useTranslation(['photo', 'errors']);
  const faceAdviceText = (measure: FaceMeasure) => {
    const advice = faceAdvice(measure);
    return t(`photo:${advice.key}`, advice.values);
  };
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const plainInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const camera = useTouchScreen() ? CAMERA_OF_PURPOSE[purpose] : undefined;
  const [step, setStep] = useState<Step>('idle');
  const [source, setSource] = useState<{ file: File; url: string } | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [face, setFace] = useState<FaceState>(null);

  const faceLoad = useSyncExternalStore(subscribeToFaceLoad, faceLoadStage, () => 'idle' as const);
  // A field that checks faces starts loading face-api as soon as the browser is idle: the first check need not wait for it.
  useEffect(() => (faceCheck && !disabled ? prefetchFaceApiWhenIdle() : undefined), [faceCheck, disabled]);
  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);
  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview]);

  const codeText = (code: ErrorCode, params?: Record<string, number>) => t(`errors:${code}`, params ?? {});

  async function onPicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setFace(null);
    setStep('checking');
    const check = await checkPhotoFile(file, profile);
    if (!check.ok) {
      setProblem({ kind: 'code', problem: check.problem });
      setStep('idle');
      return;
    }
    setSource({ file, url: URL.createObjectURL(file) });
    setStep('cropping');
  }

  async function onCropped(area: CropArea) {
    if (!source) return;
    setStep('cropping-busy');
    let picture: Blob | undefined;
    try {
      picture = await cropPicture(source.file, area, profile, outputMaxSide);
      // No encoding inside the size rule: a tiny, smooth crop stays under 20 KB.
      if (!picture) setProblem({ kind: 'code', problem: { code: 'PHOTO_TOO_SMALL_BYTES' } });
    } catch {
      setProblem({ kind: 'code', problem: { code: 'PHOTO_READ_ERROR' } });
    }
    if (!picture) {
      setStep('idle');
      return;
    }
    setLocalPreview(URL.createObjectURL(picture));
    setProblem(null);
    let measured: FaceState = null;
    if (faceCheck) {
      setStep('face-loading');
      try {
        const { measurePhotoFace } = await import('../lib/photo/face-detector');
        measured = { kind: 'measured', measure: await withTimeout(measurePhotoFace(picture), FACE_LOAD_TIMEOUT_MS) };
      } catch {
        measured = { kind: 'unavailable' };
      }
      setFace(measured);
      if (measured.kind === 'measured' && measured.measure.problem) {
        setStep('idle');
        return;
      }
    }
    setStep('uploading');
    try {
      const name = picture.type === 'image/png' ? 'photo.png' : 'photo.jpg';
      const uploaded = await upload(new File([picture], name, { type: picture.type }), purpose);
      onChange?.(uploaded);
      setSource(null);
    } catch (error) {
      setProblem({ kind: 'server', error });
    } finally {
      setStep('idle');
    }
  }

  const busy = step !== 'idle' && step !== 'cropping';
  useBusyMark(busy);
  const preview = localPreview ?? value?.url ?? null;
  const problemText = problem === null ? null : problem.kind === 'code' ? codeText(problem.problem.code, problem.problem.params) : errorText(problem.error);
  const faceStep = FACE_STEPS[faceLoad];
  const statusText =
    step === 'checking'
      ? t('photo:status.checking')
      : step === 'face-loading'
        ? t(`photo:status.face.${faceStep.key}`, { step: faceStep.step, steps: FACE_STEP_COUNT })
        : step === 'uploading'
          ? t('photo:status.uploading')
          : null;

  return (
    <div className="photo-upload" data-testid={`photo-upload-${purpose}`} data-photo-id={value?.id ?? ''}>
      <div className="photo-upload-frame" style={{ aspectRatio: String(aspect) }}>
        {preview ? (
          <img src={preview} alt={t('photo:previewAlt')} data-testid={`photo-preview-${purpose}`} />
        ) : (
          <span className="photo-upload-placeholder">
            <Icon definition={CameraOutlined} />
          </span>
        )}
        {busy && (
          <div className="photo-upload-busy">
            <span className="page-loading-spinner" aria-hidden />
          </div>
        )}
      </div>
      <div className="photo-upload-side">
        <div className="photo-upload-buttons">
          <button
            type="button"
            id={id}
            className="plain-button photo-upload-button"
            onClick={() => input.current?.click()}
            disabled={disabled || busy}
            // Without it the field's label would name the button; the name starts with its visible words.
            aria-label={label ? t(value ? 'photo:replaceFor' : 'photo:chooseFor', { label }) : undefined}
            aria-describedby={describedBy}
            data-testid={`photo-choose-${purpose}`}
          >
            <Icon definition={camera ? PictureOutlined : CameraOutlined} />
            <span>{value ? t('photo:replace') : t('photo:choose')}</span>
          </button>
          {/* DESIGN §6: a browser that ignores `capture` (some WeChat versions) opens its picker instead; the picture is checked the same. */}
          {camera && (
            <button type="button" className="plain-button photo-upload-button" onClick={() => cameraInput.current?.click()}
              disabled={disabled || busy}
              aria-label={label ? t('photo:takePhotoFor', { label }) : undefined}
              data-testid={`photo-camera-${purpose}`}
            >
              <Icon definition={CameraOutlined} />
              <span>{t('photo:takePhoto')}</span>
            </button>
          )}
          {source && step === 'idle' && (
            <button type="button" className="plain-button photo-upload-button" onClick={() => setStep('cropping')} data-testid={`photo-recrop-${purpose}`}>
              <Icon definition={ScanOutlined} />
              <span>{t('photo:recrop')}</span>
            </button>
          )}
        </div>
        {camera && (
          <input ref={cameraInput} type="file" accept="image/*" capture={camera} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onPicked} data-testid={`photo-input-camera-${purpose}`} />
        )}
        <input ref={input} type="file" accept={PHOTO_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onPicked} data-testid={`photo-input-${purpose}`} />
        {/* DESIGN §6: in WeChat a narrow accept list can show a dead picker; this one has none (content is still checked). */}
        <input ref={plainInput} type="file" className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onPicked} data-testid={`photo-input-plain-${purpose}`} />
        <button type="button" className="photo-upload-plain" onClick={() => plainInput.current?.click()} disabled={disabled || busy} data-testid={`photo-plain-picker-${purpose}`}>
          {t('photo:plainPicker')}
        </button>
        <span className="plain-text-secondary photo-upload-rules">
          {t('photo:rules', { minKb: PHOTO_MIN_BYTES / 1024, maxMb: maxMegabytes(profile), minSide: PHOTO_MIN_SIDE })}
          {faceCheck ? ` ${t('photo:faceRule', { min: FACE_RATIO_MIN * 100, max: FACE_RATIO_MAX * 100 })}` : ''}
        </span>
        <div aria-live="polite" role="status" className="photo-upload-status">
          {statusText && <span data-testid={`photo-status-${purpose}`}>{statusText}</span>}
          {step === 'face-loading' && (
            <progress className="photo-upload-progress" max={FACE_STEP_COUNT} value={faceStep.step} aria-hidden data-testid={`photo-face-progress-${purpose}`} data-stage={faceLoad} />
          )}
          {!busy && face?.kind === 'measured' && (
            <div data-testid={`photo-face-${purpose}`} data-faces={face.measure.faces} data-ratio={face.measure.ratio ?? ''}>
              <PlainAlert
                type={face.measure.problem ? 'error' : 'success'}
                title={face.measure.problem ? codeText(face.measure.problem) : t('photo:faceOk', { percent: percent(face.measure.ratio) })}
                description={face.measure.problem ? faceAdviceText(face.measure) : undefined}
              />
            </div>
          )}
          {!busy && face?.kind === 'unavailable' && (
            <div data-testid={`photo-face-${purpose}`} data-faces="">
              <PlainAlert type="warning" title={codeText('FACE_CHECK_UNAVAILABLE')} description={t('photo:faceUnavailable')} />
            </div>
          )}
        </div>
        {problemText && !busy && <PlainAlert type="error" title={problemText} testId={`photo-error-${purpose}`} />}
      </div>
      {(step === 'cropping' || step === 'cropping-busy') && source && (
        <Suspense fallback={null}>
          <PhotoCropper imageUrl={source.url} aspect={aspect} busy={step === 'cropping-busy'} onCancel={() => setStep('idle')} onConfirm={(area) => void onCropped(area)} />
        </Suspense>
      )}
    </div>
  );
}
