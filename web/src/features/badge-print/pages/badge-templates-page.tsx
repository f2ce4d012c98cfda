import { Alert, App, Button, Card, Checkbox, Col, Flex, Form, Input, Radio, Row, Segmented, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BADGE_FIELDS,
  BADGE_LABEL_MAX_LENGTH,
  BADGE_ORIENTATIONS,
  BADGE_SIZE_NAMES,
  badgePageMm,
  type BadgeField,
  type BadgeOrientation,
  type BadgeSize,
  type TBadgeTemplateInput,
} from '@portal/shared/badge-print/badge-print.schema';
import { TICKET_KINDS, type TicketKind } from '@portal/shared/ticket/ticket.schema';
import { PageHeader } from '../../../components/page-header';
import { PhotoUpload, type PhotoValue } from '../../../components/photo-upload';
import { formatDateTime } from '../../../lib/format/date-time';
import { uploadSubmissionPicture } from '../../../lib/graphql/submissions';
import { useErrorText } from '../../../lib/use-error-text';
import { useBadgeTemplates, type BadgeTemplate } from '../api/badge-templates';
import { badgePreviewPdf } from '../api/badge-pdfs';
import { useSaveBadgeTemplate } from '../api/save-badge-template';

interface TemplateForm {
  size: BadgeSize;
  orientation: BadgeOrientation;
  backgroundColor: string;
  textColor: string;
  background: PhotoValue | null;
  logo: PhotoValue | null;
  fields: BadgeField[];
  label: string;
}

/** How long the form rests before its preview is drawn again. */
const PREVIEW_AFTER_MS = 500;

function formOf(template: BadgeTemplate): TemplateForm {
  return {
    size: template.size,
    orientation: template.orientation,
    backgroundColor: template.backgroundColor,
    textColor: template.textColor,
    background: template.background ?? null,
    logo: template.logo ?? null,
    fields: [...template.fields],
    label: template.label ?? '',
  };
}

function inputOf(kind: TicketKind, form: TemplateForm): TBadgeTemplateInput {
  return {
    kind,
    size: form.size,
    orientation: form.orientation,
    backgroundColor: form.backgroundColor,
    textColor: form.textColor,
    backgroundId: form.background?.id ?? null,
    logoId: form.logo?.id ?? null,
    fields: form.fields,
    label: form.label.trim() || null,
  };
}

/** /wo/ticket/badges (the ticket office): each ticket kind's printed badge, designed once, previewed as the real PDF. */
export function BadgeTemplatesPage() {
  const { t } = useTranslation('badge-print');
  const errorText = useErrorText();
  const templates = useBadgeTemplates();
  const [kind, setKind] = useState<TicketKind>('VISITOR');
  const template = templates.data?.find((each) => each.kind === kind);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageHeader title={t('templates.title')} />
      <Typography.Paragraph type="secondary">{t('templates.intro')}</Typography.Paragraph>
      <Segmented<TicketKind> value={kind} onChange={setKind} options={TICKET_KINDS.map((each) => ({ value: each, label: t(`templates.kind.${each}`) }))} data-testid="badge-template-kind" />
      {templates.isError ? <Alert type="error" showIcon title={errorText(templates.error)} /> : null}
      {template ? <TemplateEditor key={`${kind}-${template.updatedAt ?? 'default'}`} template={template} /> : <Spin />}
    </Space>
  );
}

function TemplateEditor({ template }: { template: BadgeTemplate }) {
  const { t } = useTranslation('badge-print');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<TemplateForm>();
  const save = useSaveBadgeTemplate();
  const [draft, setDraft] = useState<TemplateForm>(() => formOf(template));
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        <Card>
          <Form<TemplateForm>
            form={form}
            layout="vertical"
            initialValues={formOf(template)}
            onValuesChange={(_changed, values) => setDraft(values)}
            onFinish={async (values) => {
              try {
                await save.mutateAsync(inputOf(template.kind, values));
                void message.success(t('templates.saved'));
              } catch (error) {
                void message.error(errorText(error));
              }
            }}
            data-testid="badge-template-form"
          >
            <Typography.Paragraph type="secondary" data-testid="badge-template-state">
              {template.updatedAt ? t('templates.savedAt', { at: formatDateTime(template.updatedAt) }) : t('templates.notSaved')}
            </Typography.Paragraph>
            <Form.Item name="size" label={t('templates.size')}>
              <Select options={BADGE_SIZE_NAMES.map((size) => ({ value: size, label: t(`templates.sizes.${size}`) }))} data-testid="badge-template-size" />
            </Form.Item>
            <Form.Item name="orientation" label={t('templates.orientation')}>
              <Radio.Group options={BADGE_ORIENTATIONS.map((orientation) => ({ value: orientation, label: t(`templates.orientations.${orientation}`) }))} data-testid="badge-template-orientation" />
            </Form.Item>
            <Flex gap={24} wrap>
              <Form.Item name="backgroundColor" label={t('templates.backgroundColor')}>
                <Input type="color" style={{ width: 72 }} data-testid="badge-template-background-color" />
              </Form.Item>
              <Form.Item name="textColor" label={t('templates.textColor')}>
                <Input type="color" style={{ width: 72 }} data-testid="badge-template-text-color" />
              </Form.Item>
            </Flex>
            <Form.Item name="fields" label={t('templates.fields')}>
              <Checkbox.Group options={BADGE_FIELDS.map((field) => ({ value: field, label: t(`templates.fieldNames.${field}`) }))} data-testid="badge-template-fields" />
            </Form.Item>
            <Form.Item name="label" label={t('templates.label')} extra={t('templates.labelHint')}>
              <Input maxLength={BADGE_LABEL_MAX_LENGTH} data-testid="badge-template-label" />
            </Form.Item>
            <Form.Item name="logo" label={t('templates.logo')}>
              <PhotoUpload purpose="BADGE_TEMPLATE" profile="catalog" faceCheck={false} aspect={3} label={t('templates.logo')} upload={uploadSubmissionPicture} />
            </Form.Item>
            <Form.Item name="background" label={t('templates.background')}>
              <PhotoUpload purpose="BADGE_TEMPLATE" profile="catalog" faceCheck={false} aspect={aspectOf(draft)} label={t('templates.background')} upload={uploadSubmissionPicture} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="badge-template-save">
              {t('templates.save')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Preview input={inputOf(template.kind, draft)} />
      </Col>
    </Row>
  );
}

function aspectOf(form: Pick<TemplateForm, 'size' | 'orientation'>) {
  const { widthMm, heightMm } = badgePageMm(form);
  return widthMm / heightMm;
}

/** The draft drawn by the server as the PDF a print gets, again once the form rests. */
function Preview({ input }: { input: TBadgeTemplateInput }) {
  const { t } = useTranslation('badge-print');
  const errorText = useErrorText();
  const [preview, setPreview] = useState<{ url: string | null; error: unknown; busy: boolean }>({ url: null, error: null, busy: true });
  const key = JSON.stringify(input);
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    setPreview((before) => ({ ...before, busy: true }));
    const timer = setTimeout(() => {
      badgePreviewPdf(JSON.parse(key) as TBadgeTemplateInput)
        .then(({ blob }) => {
          if (!current) return;
          url = URL.createObjectURL(blob);
          setPreview({ url, error: null, busy: false });
        })
        .catch((error: unknown) => current && setPreview({ url: null, error, busy: false }));
    }, PREVIEW_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  const { widthMm, heightMm } = badgePageMm(input);
  return (
    <Card title={t('templates.preview')} data-testid="badge-template-preview" data-state={preview.busy ? 'busy' : preview.error ? 'error' : 'ready'}>
      {preview.error ? <Alert type="error" showIcon title={errorText(preview.error)} /> : null}
      {preview.busy ? <Typography.Text type="secondary">{t('templates.previewLoading')}</Typography.Text> : null}
      {preview.url ? (
        <iframe
          title={t('templates.previewTitle')}
          src={`${preview.url}#toolbar=0&view=Fit`}
          style={{ width: '100%', aspectRatio: `${widthMm} / ${heightMm}`, maxHeight: 640, border: '1px solid #d9d9d9', background: '#fff' }}
          data-testid="badge-template-preview-frame"
        />
      ) : null}
    </Card>
  );
}
