import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

/**
 * antd's Input.Password for the screens built without antd (DESIGN §7): a lock, the input (its props are the
 * form's) and a labelled show/hide button (antd's eye icon had no name).
 */
export function PasswordInput(input: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <span className="plain-input">
      <Icon definition={LockOutlined} />
      <input {...input} type={shown ? 'text' : 'password'} />
      <button type="button" className="plain-input-action" aria-pressed={shown} aria-label={t(shown ? 'password.hide' : 'password.show')} onClick={() => setShown((value) => !value)}>
        <Icon definition={shown ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
}
