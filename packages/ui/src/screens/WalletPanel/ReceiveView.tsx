import { useId } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { Spinner } from '../../Spinner.js';
import { mutedText, stack } from '../../styles/shared.css.js';
import * as panel from '../../styles/panel.css.js';
import { CopyButton } from '../UserMenu/CopyButton.js';
import * as styles from './ReceiveView.css.js';
import { useQrCode } from './useQrCode.js';

export interface ReceiveViewProps {
  /** The wallet's address, shown whole (people compare it character by character). */
  address: string;
  /** The selected network's name; the sender must use the same one. */
  network?: string | undefined;
}

/** The QR code's size in CSS pixels. */
const QR_SIZE = 184;

/** Receive: the address as a QR code and in full with Copy, and the network to send on. Presentational. */
export function ReceiveView({ address, network }: ReceiveViewProps) {
  const t = useMessages();
  const headingId = useId();
  const qr = useQrCode(address);
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="receive">
      <h3 id={headingId} className={panel.heading} data-view-heading="">
        {t('receive.heading')}
      </h3>
      <p className={mutedText} style={{ margin: 0 }}>
        {network ? t('receive.intro', { network }) : t('receive.introNoNetwork')}
      </p>
      <div className={styles.qrFrame}>
        {qr ? <img className={styles.qr} src={qr} width={QR_SIZE} height={QR_SIZE} alt={t('receive.qr')} data-testid="receive-qr" /> : <Spinner />}
      </div>
      <dl className={styles.details}>
        <dt className={panel.term}>{t('receive.address')}</dt>
        <dd className={`${styles.address} ${panel.mono}`} data-testid="receive-address">
          {address}
        </dd>
        {network ? (
          <>
            <dt className={panel.term}>{t('receive.network')}</dt>
            <dd className={styles.value} data-testid="receive-network">
              {network}
            </dd>
          </>
        ) : null}
      </dl>
      <CopyButton value={address} label={t('receive.copy')} copiedLabel={t('receive.copied')} className={styles.copy} showLabel />
    </section>
  );
}
