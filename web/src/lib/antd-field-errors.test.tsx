import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerFieldErrors } from './antd-field-errors';

const t = ((key: string) => `text of ${key}`) as unknown as TFunction;

/** A form checked on blur (the badge form's fields) whose submit the server refuses for the ID number. */
function RefusedForm() {
  const [form] = Form.useForm<{ idNumber: string; name: string }>();
  const serverErrors = useServerFieldErrors<'idNumber' | 'name'>(form, t);
  return (
    <Form form={form} onValuesChange={serverErrors.clearChanged} onFinish={() => serverErrors.show({ idNumber: 'BADGE_ID_NUMBER_TAKEN' })}>
      <Form.Item name="idNumber" validateTrigger="onBlur" rules={[{ validator: async () => { const held = serverErrors.held('idNumber'); if (held) throw new Error(held); } }]}>
        <Input aria-label="id" />
      </Form.Item>
      <Form.Item name="name">
        <Input aria-label="name" />
      </Form.Item>
      <Button htmlType="submit">save</Button>
    </Form>
  );
}

describe('useServerFieldErrors', () => {
  afterEach(cleanup);

  it('holds a refusal while its field is unchanged, and clears it as soon as the field changes', async () => {
    const user = userEvent.setup();
    render(<RefusedForm />);
    await user.type(screen.getByLabelText('id'), '110105194912310029');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('text of errors:BADGE_ID_NUMBER_TAKEN')).toBeTruthy();
    // Another field changes, and the ID field is left unchanged (re-checked on blur): the refusal stays.
    await user.type(screen.getByLabelText('name'), 'Li');
    await user.click(screen.getByLabelText('id'));
    await user.tab();
    expect(screen.getByText('text of errors:BADGE_ID_NUMBER_TAKEN')).toBeTruthy();
    await user.type(screen.getByLabelText('id'), '1');
    await waitFor(() => expect(screen.queryByText('text of errors:BADGE_ID_NUMBER_TAKEN')).toBeNull());
  });
});
