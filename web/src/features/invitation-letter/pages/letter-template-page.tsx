import { Alert, App, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LETTER_BODY_MAX_LENGTH, LETTER_ISSUER_MAX_LENGTH, LETTER_PLACEHOLDERS } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { PageHeader } from '../../../components/page-header';
import { PhotoUpload, type PhotoValue } from '../../../components/photo-upload';
import { formatDateTime } from '../../../lib/format/date-time';
import { uploadSubmissionPicture } from '../../../lib/graphql/submissions';
import { useErrorText } from '../../../lib/use-error-text';
import { useLetterTemplate, type LetterTemplate } from '../api/letter-template';
import { useSaveLetterTemplate } from '../api/save-letter-template';

interface TemplateForm {
  issuerName: string;
  issuerTitle: string;
  bodyZh: string;
  bodyEn: string;
  letterhead: PhotoValue | null;
  signature: PhotoValue | null;
}

/** The project section's invitation letter template: letterhead, issuer, signature or stamp, the texts in both languages. */
export function LetterTemplatePage() {
  const { t } = useTranslation('invitation-letter');
  const template = useLetterTemplate();
  const errorText = useErrorText();
  if (template.isPending) return <Spin />;
  if (template.isError) return <Alert type="error" showIcon message={errorText(template.error)} />;
  return <TemplateEditor template={template.data} title={t('template.title')} />;
}

function TemplateEditor({ template, title }: { template: LetterTemplate; title: string }) {
  const { t } = useTranslation('invitation-letter');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const save = useSaveLetterTemplate();
  const initial: TemplateForm = { ...template, letterhead: template.letterhead ?? null, signature: template.signature ?? null };

  async function submit(values: TemplateForm) {
    try {
      await save.mutateAsync({ issuerName: values.issuerName, issuerTitle: values.issuerTitle, bodyZh: values.bodyZh, bodyEn: values.bodyEn, letterheadId: values.letterhead?.id ?? null, signatureId: values.signature?.id ?? null });
      void message.success({ content: <span data-testid="letter-template-saved">{t('template.saved')}</span> });
    } catch (error) {
      void message.error({ content: <span data-testid="letter-template-refused">{errorText(error)}</span> });
    }
  }

  return (
    <Card data-testid="letter-template-page">
      <PageHeader title={title} />
      <Typography.Paragraph type="secondary">
        {t('template.placeholders')} {LETTER_PLACEHOLDERS.map((name) => `{${name}}`).join(' ')}
      </Typography.Paragraph>
      {template.updatedAt ? <Typography.Paragraph type="secondary">{t('template.updatedAt', { at: formatDateTime(template.updatedAt) })}</Typography.Paragraph> : <Alert type="warning" showIcon message={t('template.notSaved')} style={{ marginBottom: 16 }} />}
      <Form<TemplateForm> layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} style={{ maxWidth: 720 }}>
        <Form.Item name="issuerName" label={t('template.issuerName')} rules={[{ required: true, message: t('template.required') }]}>
          <Input maxLength={LETTER_ISSUER_MAX_LENGTH} data-testid="letter-issuer-name" />
        </Form.Item>
        <Form.Item name="issuerTitle" label={t('template.issuerTitle')} rules={[{ required: true, message: t('template.required') }]}>
          <Input maxLength={LETTER_ISSUER_MAX_LENGTH} data-testid="letter-issuer-title" />
        </Form.Item>
        <Form.Item name="bodyZh" label={t('template.bodyZh')} rules={[{ required: true, message: t('template.required') }]}>
          <Input.TextArea rows={6} maxLength={LETTER_BODY_MAX_LENGTH} data-testid="letter-body-zh" />
        </Form.Item>
        <Form.Item name="bodyEn" label={t('template.bodyEn')} rules={[{ required: true, message: t('template.required') }]}>
          <Input.TextArea rows={6} maxLength={LETTER_BODY_MAX_LENGTH} data-testid="letter-body-en" />
        </Form.Item>
        <Form.Item name="letterhead" label={t('template.letterhead')}>
          <PhotoUpload purpose="LETTER_TEMPLATE" profile="catalog" faceCheck={false} aspect={6} label={t('template.letterhead')} upload={uploadSubmissionPicture} />
        </Form.Item>
        <Form.Item name="signature" label={t('template.signature')}>
          <PhotoUpload purpose="LETTER_TEMPLATE" profile="catalog" faceCheck={false} aspect={2} label={t('template.signature')} upload={uploadSubmissionPicture} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="letter-template-save">
          {t('template.save')}
        </Button>
      </Form>
    </Card>
  );
}
