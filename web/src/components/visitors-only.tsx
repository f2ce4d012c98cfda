import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from './icon';
import { PlainResult } from './plain/result';
import './visitors-only.css';
import { BusyButton } from './plain/busy-button';

/**
 * Shown instead of the visitor registration and application to a signed-in organizer or exhibitor:
 * the page is for visitors; a way to their own area, or to sign out and register.
 * Built without antd (DESIGN §7).
 */
export function VisitorsOnly({ scope, name, areaPath, onSignOut }: { scope: 'organizer' | 'exhibitor'; name: string; areaPath: string; onSignOut: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="visitors-only" data-testid="visitors-only" data-scope={scope}>
      <PlainResult
        status="info"
        // A calm sign, not an alarm: nothing went wrong, the page is for someone else.
        icon={<Icon definition={IdcardOutlined} />}
        title={<h1 className="result-title">{t('visitorsOnly.title')}</h1>}
        subTitle={t(`visitorsOnly.${scope}`, { name })}
        extra={
          <>
            <button type="button" className="plain-button plain-button-primary" onClick={() => void navigate(areaPath)} data-testid="visitors-only-area">
              {t(`visitorsOnly.to.${scope}`)}
            </button>
            <BusyButton
              type="button"
              className="plain-button"
              busy={signingOut}
              onClick={() => {
                setSigningOut(true);
                void onSignOut().finally(() => setSigningOut(false));
              }}
              data-testid="visitors-only-sign-out"
            >
              {t('visitorsOnly.signOut')}
            </BusyButton>
          </>
        }
      />
    </div>
  );
}
