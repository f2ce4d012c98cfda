import { App, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { DEVICE_DIRECTIONS, DEVICE_KINDS, DEVICE_LOCATION_MAX_LENGTH, DEVICE_NAME_MAX_LENGTH, ZDeviceInput, type TDeviceInput } from '@portal/shared/entrance/entrance.schema';
import { TICKET_KINDS } from '@portal/shared/ticket/ticket.schema';
import { RequiredCheckboxGroup } from '../../../components/required-checkbox-group';
import type { EntranceDeviceFieldsFragment } from '../../../graphql/operations.generated';
import { formatDay } from '../../../lib/format/date-time';
import { useShowDates } from '../../../lib/project/show-dates';
import { schemaRule } from '../../../lib/schema-rule';
import { useServerFieldErrors } from '../../../lib/antd-field-errors';
import { serverFieldCodes, topLevelField } from '../../../lib/server-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import { useRegisterEntranceDevice } from '../api/register-entrance-device';
import { useUpdateEntranceDevice } from '../api/update-entrance-device';

const FIELDS = ['name', 'location', 'kind', 'direction', 'days', 'ticketKinds'] as const;
const FIELD_OF_CODE: Partial<Record<ErrorCode, (typeof FIELDS)[number]>> = { DEVICE_NAME_TAKEN: 'name' };
const shape = ZDeviceInput.shape;

/** Registers a device (`device` absent) or edits one: its name, place, kind, direction, and which days and ticket kinds it admits. */
export function DeviceFormDialog({ open, device, onClose }: { open: boolean; device?: EntranceDeviceFieldsFragment; onClose: () => void }) {
  const { t, i18n } = useTranslation('entrance');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<TDeviceInput>();
  const serverErrors = useServerFieldErrors<keyof TDeviceInput & string>(form, t);
  const register = useRegisterEntranceDevice();
  const update = useUpdateEntranceDevice();
  const { data: showDates } = useShowDates();
  // A device may keep a day the show no longer has: it stays listed so that it can be unticked.
  const days = [...new Set([...(showDates?.days ?? []), ...(device?.days ?? [])])].sort();

  async function submit() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      if (device) await update.mutateAsync({ id: device.id, input: values });
      else await register.mutateAsync(values);
      void message.success(t(device ? 'form.saved' : 'form.registered'));
      onClose();
    } catch (error) {
      serverErrors.show(serverFieldCodes(error, topLevelField(FIELDS), FIELD_OF_CODE));
      notification.error({ title: errorText(error) });
    }
  }

  const initialValues: Partial<TDeviceInput> = device
    ? { name: device.name, location: device.location, kind: device.kind, direction: device.direction, days: device.days, ticketKinds: device.ticketKinds }
    : { kind: 'GATE', direction: 'ENTRY', days: [], ticketKinds: [...TICKET_KINDS] };

  return (
    <Modal
      open={open}
      title={device ? t('form.editTitle', { name: device.name }) : t('form.registerTitle')}
      okText={t(device ? 'form.save' : 'form.register')}
      cancelText={t('form.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={register.isPending || update.isPending}
      okButtonProps={{ ...{ 'data-testid': 'device-form-submit' } }}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="device-form-dialog"
    >
      <Form<TDeviceInput> form={form} onValuesChange={serverErrors.clearChanged} name="device-form" layout="vertical" preserve={false} initialValues={initialValues}>
        <Form.Item name="name" label={t('form.fields.name')} required rules={[schemaRule(shape.name, t)]}>
          <Input maxLength={DEVICE_NAME_MAX_LENGTH} data-testid="device-form-name" />
        </Form.Item>
        <Form.Item name="location" label={t('form.fields.location')} required rules={[schemaRule(shape.location, t)]}>
          <Input maxLength={DEVICE_LOCATION_MAX_LENGTH} data-testid="device-form-location" />
        </Form.Item>
        <Form.Item name="kind" label={t('form.fields.kind')} required>
          <Radio.Group data-testid="device-form-kind" options={DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))} />
        </Form.Item>
        <Form.Item name="direction" label={t('form.fields.direction')} extra={t('form.directionExtra')} required>
          <Radio.Group data-testid="device-form-direction" options={DEVICE_DIRECTIONS.map((direction) => ({ value: direction, label: t(`directions.${direction}`) }))} />
        </Form.Item>
        <Form.Item name="days" label={t('form.fields.days')} extra={t('form.daysExtra')}>
          <Checkbox.Group data-testid="device-form-days" options={days.map((day) => ({ value: day, label: formatDay(day, i18n.language) }))} />
        </Form.Item>
        <Form.Item name="ticketKinds" label={t('form.fields.ticketKinds')} required rules={[schemaRule(shape.ticketKinds, t)]}>
          <RequiredCheckboxGroup data-testid="device-form-ticket-kinds" options={TICKET_KINDS.map((kind) => ({ value: kind, label: t(`ticketKinds.${kind}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
