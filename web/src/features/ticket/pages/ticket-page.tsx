import { Alert, Button, Card, Flex, Grid, Result, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { formatDay } from '../../../lib/format/date-time';
import { useMyTicket } from '../api/my-ticket';
import { QrCode } from '../../../components/qr-code';

/** /wa/visitor/ticket (approved visitors): the VIP ticket's QR code, holder, dates and the entry instructions (SPEC 4). */
export function TicketPage({ visitDatePath }: { visitDatePath: string }) {
  const { t, i18n, ready } = useTranslation('visitor');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const query = useMyTicket();
  if (!ready || query.isPending) return <PageLoading />;
  if (query.isError) {
    return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  }
  const ticket = query.data;
  if (!ticket) {
    return (
      <Card>
        <Result status="info" title={<h1 className="result-title">{t('ticket.title')}</h1>} subTitle={t('ticket.none')} data-testid="ticket-none" />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }} data-testid="ticket-page">
      <Typography.Title level={1} className="page-title">
        {t('ticket.title')}
      </Typography.Title>
      <Card className="ticket-card">
        <Flex gap={24} vertical={mobile} align={mobile ? 'center' : 'flex-start'}>
          <QrCode token={ticket.token} holderName={ticket.holderName} ns="visitor" />
          <Flex vertical gap={12} style={{ flex: 1, width: mobile ? '100%' : undefined }}>
            <Flex gap={12} align="center">
              {ticket.photo ? (
                <img src={ticket.photo.url} alt={t('ticket.photoAlt', { name: ticket.holderName })} className="visitor-photo" width={72} height={96} data-testid="ticket-photo" />
              ) : null}
              <div>
                <Typography.Text type="secondary">{t('ticket.holder')}</Typography.Text>
                <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }} data-testid="ticket-holder">
                  {ticket.holderName}
                </Typography.Title>
              </div>
            </Flex>
            <div>
              <Typography.Text type="secondary">{t('ticket.dates')}</Typography.Text>
              <div data-testid="ticket-dates">
                {ticket.visitDates.length > 0 ? (
                  <Space wrap size={[4, 4]}>
                    {ticket.visitDates.map((visit) => (
                      <Tag key={visit.day} color={visit.admittedAt ? 'default' : 'red'} data-testid={`ticket-date-${visit.day}`}>
                        {formatDay(visit.day, i18n.language)}
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  <Typography.Text>{t('ticket.noDates')}</Typography.Text>
                )}
              </div>
            </div>
            <Button type="link" style={{ paddingInline: 0, alignSelf: 'flex-start' }} onClick={() => void navigate(visitDatePath)} data-testid="ticket-change-dates">
              {t('ticket.changeDates')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Alert type="info" showIcon title={t('ticket.instruction')} data-testid="ticket-instruction" />
    </Flex>
  );
}
