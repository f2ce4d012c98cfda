import { App, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@portal/shared/auth/scopes';
import { STAFF_EMAIL_MAX_LENGTH, STAFF_NAME_MAX_LENGTH, ZCreateStaffInput } from '@portal/shared/staff/staff.schema';
import { RequiredCheckboxGroup } from '../../../components/required-checkbox-group';
import type { StaffFieldsFragment } from '../../../graphql/operations.generated';
import { schemaRule } from '../../../lib/schema-rule';
import { useServerFieldErrors } from '../../../lib/antd-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import { useCreateStaff } from '../api/create-staff';
import { useUpdateStaffRoles } from '../api/update-staff-roles';
import { MobileNumberInput } from '../../../components/mobile-number-input';
import { staffFormInitialValues, staffFormProblems, staffRolesInput, type StaffFormField, type StaffFormValues as FormValues } from '../lib/staff-form';

const shape = ZCreateStaffInput.shape;

/**
 * Creates a staff account (`staff` absent; `onCreated` gets the initial password) or changes the roles of
 * one; the sign-in identities are not edited here.
 */
export function StaffFormDialog({
  open,
  staff,
  onClose,
  onCreated,
}: {
  open: boolean;
  staff?: StaffFieldsFragment;
  onClose: () => void;
  onCreated: (created: { staff: StaffFieldsFragment; initialPassword: string }) => void;
}) {
  const { t } = useTranslation('staff');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const serverErrors = useServerFieldErrors<StaffFormField>(form, t);
  const create = useCreateStaff();
  const updateRoles = useUpdateStaffRoles();

  async function submit() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      if (staff) {
        await updateRoles.mutateAsync(staffRolesInput(staff, values));
        void message.success(t('form.saved'));
      } else {
        onCreated(await create.mutateAsync(values));
      }
      onClose();
    } catch (error) {
      serverErrors.show(staffFormProblems(error));
      notification.error({ title: errorText(error) });
    }
  }

  return (
    <Modal
      open={open}
      title={staff ? t('form.rolesTitle', { name: staff.name }) : t('form.createTitle')}
      okText={t(staff ? 'form.save' : 'form.create')}
      cancelText={t('form.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || updateRoles.isPending}
      okButtonProps={{ ...{ 'data-testid': 'staff-form-submit' } }}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="staff-form-dialog"
    >
      <Form<FormValues> form={form} onValuesChange={serverErrors.clearChanged} name="staff-form" layout="vertical" preserve={false} initialValues={staffFormInitialValues(staff)}>
        {staff ? null : (
          <>
            <Form.Item name="name" label={t('form.fields.name')} required rules={[schemaRule(shape.name, t)]}>
              <Input maxLength={STAFF_NAME_MAX_LENGTH} data-testid="staff-form-name" />
            </Form.Item>
            <Form.Item name="email" label={t('form.fields.email')} extra={t('form.identityExtra')} rules={[schemaRule(shape.email, t)]}>
              <Input type="email" maxLength={STAFF_EMAIL_MAX_LENGTH} data-testid="staff-form-email" />
            </Form.Item>
            <Form.Item name="mobile" label={t('form.fields.mobile')} extra={t('common:mobileNumber.hint')} rules={[schemaRule(shape.mobile, t)]} validateTrigger="onBlur">
              <MobileNumberInput testId="staff-form-mobile" />
            </Form.Item>
          </>
        )}
        <Form.Item name="roles" label={t('form.fields.roles')} required rules={[schemaRule(shape.roles, t)]}>
          <RequiredCheckboxGroup style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="staff-form-roles">
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} data-testid={`staff-form-role-${role}`}>
                <Flex vertical>
                  <span>{t(`roles.${role}`)}</span>
                  <Typography.Text type="secondary">{t(`roleNotes.${role}`)}</Typography.Text>
                </Flex>
              </Checkbox>
            ))}
          </RequiredCheckboxGroup>
        </Form.Item>
      </Form>
    </Modal>
  );
}
