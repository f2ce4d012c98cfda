import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Select, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { AUTO_APPROVAL_MAX_RULES, AUTO_APPROVAL_MIN_FACE_SCORE, AUTO_APPROVAL_NAME_MAX_LENGTH, type TAutoApprovalRule } from '@portal/shared/review/auto-approval.schema';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../lib/use-error-text';
import { useAudienceFilterOptions } from '../api/audience-filter-options';
import { useAutoApprovalRules, type AutoApprovalRules } from '../api/auto-approval-rules';
import { useSaveAutoApprovalRules } from '../api/save-auto-approval-rules';

/** A rule as the form edits it: the face score in percent. */
interface RuleForm extends Omit<TAutoApprovalRule, 'minFaceScore'> {
  minFacePercent: number | null;
}

const MIN_PERCENT = Math.round(AUTO_APPROVAL_MIN_FACE_SCORE * 100);

function newRule(): RuleForm {
  return { name: '', enabled: true, codeBatches: [], channelIds: [], idTypes: [], minFacePercent: null };
}

/**
 * /wo/audience/rules: the audience section's auto-approval rules, tried in order at each submission; the first whose
 * conditions all hold approves the application, and anything else waits for a reviewer.
 */
export function AutoApprovalPage() {
  const { t } = useTranslation('review');
  const rules = useAutoApprovalRules();
  const errorText = useErrorText();
  if (rules.isPending) return <Spin />;
  if (rules.isError) return <Alert type="error" showIcon message={errorText(rules.error)} />;
  return <RulesEditor saved={rules.data} title={t('autoApproval.title')} />;
}

function RulesEditor({ saved, title }: { saved: AutoApprovalRules; title: string }) {
  const { t, i18n } = useTranslation('review');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const save = useSaveAutoApprovalRules();
  const options = useAudienceFilterOptions(i18n.language);
  const initial: { rules: RuleForm[] } = {
    rules: saved.autoApprovalRules.map(({ minFaceScore, id: _id, ...rule }) => ({ ...rule, minFacePercent: minFaceScore === null || minFaceScore === undefined ? null : Math.round(minFaceScore * 100) })),
  };

  async function submit(values: { rules?: RuleForm[] }) {
    try {
      await save.mutateAsync({ rules: (values.rules ?? []).map(({ minFacePercent, ...rule }) => ({ ...rule, minFaceScore: minFacePercent === null || minFacePercent === undefined ? null : minFacePercent / 100 })) });
      void message.success({ content: <span data-testid="auto-approval-saved">{t('autoApproval.saved')}</span> });
    } catch (error) {
      void message.error({ content: <span data-testid="auto-approval-refused">{errorText(error)}</span> });
    }
  }

  return (
    <Card data-testid="auto-approval-page">
      <PageHeader title={title} />
      <Typography.Paragraph type="secondary">{t('autoApproval.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('autoApproval.counterCheck')}</Typography.Paragraph>
      <Form<{ rules: RuleForm[] }> layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} style={{ maxWidth: 880 }}>
        <Form.List name="rules">
          {(fields, { add, remove, move }) => (
            <Flex vertical gap={16}>
              {fields.length === 0 && <Alert type="info" showIcon message={t('autoApproval.none')} />}
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  data-testid="auto-approval-rule"
                  title={t('autoApproval.ruleNumber', { number: index + 1 })}
                  extra={
                    <Space size={4}>
                      <Button size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('autoApproval.moveUp')} />
                      <Button size="small" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label={t('autoApproval.moveDown')} />
                      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('autoApproval.remove')} data-testid="auto-approval-remove" />
                    </Space>
                  }
                >
                  <Flex gap={16} wrap align="flex-end">
                    <Form.Item name={[field.name, 'name']} label={t('autoApproval.name')} rules={[{ required: true, whitespace: true, message: t('autoApproval.nameRequired') }]} style={{ flex: '1 1 280px' }}>
                      <Input maxLength={AUTO_APPROVAL_NAME_MAX_LENGTH} data-testid="auto-approval-name" />
                    </Form.Item>
                    <Form.Item name={[field.name, 'enabled']} label={t('autoApproval.enabled')} valuePropName="checked">
                      <Switch data-testid="auto-approval-enabled" />
                    </Form.Item>
                  </Flex>
                  <Form.Item name={[field.name, 'codeBatches']} label={t('autoApproval.codeBatches')} extra={t('autoApproval.any')}>
                    <Select mode="multiple" allowClear options={saved.autoApprovalBatches.map((batch) => ({ value: batch, label: batch }))} data-testid="auto-approval-batches" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'channelIds']} label={t('autoApproval.channels')} extra={t('autoApproval.any')}>
                    <Select mode="multiple" allowClear loading={options.isPending} options={(options.data?.channels ?? []).map((channel) => ({ value: channel.id, label: channel.name }))} data-testid="auto-approval-channels" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'idTypes']} label={t('autoApproval.idTypes')} extra={t('autoApproval.any')}>
                    <Select mode="multiple" allowClear options={ID_TYPES.map((type) => ({ value: type, label: t(`idType.${type}`) }))} data-testid="auto-approval-id-types" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'minFacePercent']} label={t('autoApproval.minFaceScore')} extra={t('autoApproval.minFaceScoreHelp', { min: MIN_PERCENT })}>
                    <InputNumber min={MIN_PERCENT} max={100} precision={0} addonAfter="%" style={{ width: 160 }} data-testid="auto-approval-face" />
                  </Form.Item>
                </Card>
              ))}
              <Space wrap>
                <Button icon={<PlusOutlined />} disabled={fields.length >= AUTO_APPROVAL_MAX_RULES} onClick={() => add(newRule())} data-testid="auto-approval-add">
                  {t('autoApproval.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="auto-approval-save">
                  {t('autoApproval.save')}
                </Button>
              </Space>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
