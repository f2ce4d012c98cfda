import { IdcardOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Shown instead of the visitor registration and application to a signed-in organizer or exhibitor
 * (issue 8 item 8): the page is for visitors; a way to their own area, or to sign out and register.
 */
export function VisitorsOnly({ scope, name, areaPath, onSignOut }: { scope: 'organizer' | 'exhibitor'; name: string; areaPath: string; onSignOut: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Result
      status="info"
      // A calm sign, not an alarm: nothing went wrong, the page is for someone else.
      icon={<IdcardOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} aria-hidden />}
      data-testid="visitors-only"
      data-scope={scope}
      title={<h1 className="result-title">{t('visitorsOnly.title')}</h1>}
      subTitle={t(`visitorsOnly.${scope}`, { name })}
      extra={[
        <Button key="area" type="primary" onClick={() => void navigate(areaPath)} data-testid="visitors-only-area">
          {t(`visitorsOnly.to.${scope}`)}
        </Button>,
        <Button
          key="sign-out"
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void onSignOut().finally(() => setSigningOut(false));
          }}
          data-testid="visitors-only-sign-out"
        >
          {t('visitorsOnly.signOut')}
        </Button>,
      ]}
    />
  );
}
