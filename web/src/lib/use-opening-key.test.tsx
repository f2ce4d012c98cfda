import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useOpeningKey } from './use-opening-key';

/** Shaped like the portal's form dialogs: the form store made once by the dialog, its fields destroyed when hidden. */
function NameDialog({ open, name }: { open: boolean; name?: string }) {
  const [form] = Form.useForm<{ name?: string }>();
  return (
    <Modal open={open} destroyOnHidden>
      <Form form={form} preserve={false} initialValues={name ? { name } : {}}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

let show: (target: { name?: string } | undefined) => void = () => undefined;

function Page({ keyed }: { keyed: boolean }) {
  const [editing, setEditing] = useState<{ name?: string }>();
  show = setEditing;
  const openingKey = useOpeningKey(!!editing);
  return <NameDialog key={keyed ? openingKey : 0} open={!!editing} name={editing?.name} />;
}

async function createThenEdit(keyed: boolean): Promise<string> {
  const { unmount } = render(<Page keyed={keyed} />);
  // "New": an empty form, filled in and closed (created).
  await act(async () => show({}));
  const field = await screen.findByLabelText('Name');
  fireEvent.change(field, { target: { value: 'Created company' } });
  await act(async () => show(undefined));
  // "Edit" another record.
  await act(async () => show({ name: 'Edited company' }));
  const value = (screen.getByLabelText('Name') as HTMLInputElement).value;
  unmount();
  return value;
}

describe('useOpeningKey', () => {
  it('a dialog keyed with it shows the edited record after a create, not the leftovers', async () => {
    expect(await createThenEdit(true)).toBe('Edited company');
  });

  it('without it the same dialog keeps the last opening', async () => {
    expect(await createThenEdit(false)).not.toBe('Edited company');
  });
});
