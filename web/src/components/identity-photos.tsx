import { Alert, Flex, Image, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { faceMatchLevel, faceMatchPercent, type FaceMatchLevel } from '../lib/face-match';

const LEVEL_ALERT: Record<FaceMatchLevel, 'success' | 'warning' | 'error' | 'info'> = { likely: 'success', uncertain: 'warning', unlikely: 'error', unknown: 'warning' };
const LEVEL_STROKE: Record<FaceMatchLevel, string | undefined> = { likely: '#389e0d', uncertain: '#d48806', unlikely: '#cf1322', unknown: undefined };

/**
 * The namespace of the page that shows the photos: it holds `detail.photos`, `detail.entryPhoto`,
 * `detail.idPhoto`, `detail.photoAlt`, `detail.photoError`, `detail.photoMissing`, `detail.faceMatch`,
 * `detail.faceMatchScore`, `detail.faceMatchLevel.<level>`, `detail.counterCheck` and `detail.counterCheckText`.
 */
type PhotosNamespace = 'review' | 'badge-review' | 'ticket-office';

function DetailPhoto({ ns, url, kind, name, testId }: { ns: PhotosNamespace; url: string | null | undefined; kind: string; name: string; testId: string }) {
  const { t } = useTranslation(ns);
  const [failed, setFailed] = useState(false);
  const box = { width: '100%', aspectRatio: '3 / 4', background: 'var(--ant-color-fill-quaternary, #fafafa)', borderRadius: 8, overflow: 'hidden' } as const;
  return (
    <figure style={{ margin: 0, flex: '1 1 0', minWidth: 0 }} data-testid={testId}>
      {url && !failed ? (
        <Image
          src={url}
          alt={t('detail.photoAlt', { kind, name })}
          width="100%"
          style={{ ...box, objectFit: 'contain', display: 'block' }}
          onError={() => setFailed(true)}
          data-testid={`${testId}-img`}
        />
      ) : (
        <Flex align="center" justify="center" style={box}>
          <Typography.Text type="secondary">{url ? t('detail.photoError') : t('detail.photoMissing')}</Typography.Text>
        </Flex>
      )}
      <figcaption style={{ textAlign: 'center', marginTop: 8 }}>
        <Typography.Text type="secondary">{kind}</Typography.Text>
      </figcaption>
    </figure>
  );
}

/** The face-match score with what it means for the reviewer; no score is said plainly, never shown as 0. */
function FaceMatch({ ns, score, testId }: { ns: PhotosNamespace; score: number | null | undefined; testId: string }) {
  const { t } = useTranslation(ns);
  const level = faceMatchLevel(score);
  return (
    <Flex vertical gap={8} data-testid={testId} data-level={level}>
      <Typography.Text strong>{t('detail.faceMatch')}</Typography.Text>
      {typeof score === 'number' && level !== 'unknown' && (
        <Flex align="center" gap={12}>
          <Progress percent={faceMatchPercent(score)} showInfo={false} strokeColor={LEVEL_STROKE[level]} style={{ flex: 1, margin: 0 }} aria-hidden />
          <Typography.Text data-testid={`${testId}-score`}>{t('detail.faceMatchScore', { percent: faceMatchPercent(score) })}</Typography.Text>
        </Flex>
      )}
      <Alert type={LEVEL_ALERT[level]} showIcon title={t(`detail.faceMatchLevel.${level}`)} />
    </Flex>
  );
}

/** The person chose the counter check: no face comparison ran, and staff compare the ID document in person. */
function CounterCheck({ ns, testId }: { ns: PhotosNamespace; testId: string }) {
  const { t } = useTranslation(ns);
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Typography.Text strong>{t('detail.counterCheck')}</Typography.Text>
      <Alert type="info" showIcon title={t('detail.counterCheckText')} />
    </Flex>
  );
}

/**
 * A reviewer's view of a person's two photos — the entry card photo beside the ID photo — and the
 * server's face-match score in plain words (visitor applications and staff badges). Test ids:
 * `<testId>-entry-photo`, `-id-photo` (`…-img`), `-face-match` (`data-level`), `-face-match-score`; for a person
 * verified at the counter `-counter-check` in place of the score (decision 0209).
 */
export function IdentityPhotos({
  ns,
  testId,
  name,
  entryUrl,
  idUrl,
  score,
  counterCheck = false,
}: {
  ns: PhotosNamespace;
  testId: string;
  name: string;
  entryUrl: string | null | undefined;
  idUrl: string | null | undefined;
  score: number | null | undefined;
  /** Verified at the counter instead of by face recognition: no score exists. */
  counterCheck?: boolean;
}) {
  const { t } = useTranslation(ns);
  return (
    <section aria-labelledby={`${testId}-photos`}>
      <Typography.Title level={2} id={`${testId}-photos`} style={{ fontSize: 16 }}>
        {t('detail.photos')}
      </Typography.Title>
      <Flex gap={16}>
        <DetailPhoto ns={ns} url={entryUrl} kind={t('detail.entryPhoto')} name={name} testId={`${testId}-entry-photo`} />
        <DetailPhoto ns={ns} url={idUrl} kind={t('detail.idPhoto')} name={name} testId={`${testId}-id-photo`} />
      </Flex>
      <div style={{ marginTop: 16 }}>
        {counterCheck ? <CounterCheck ns={ns} testId={`${testId}-counter-check`} /> : <FaceMatch ns={ns} score={score} testId={`${testId}-face-match`} />}
      </div>
    </section>
  );
}
