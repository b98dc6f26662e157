import type { MfaDevicesFlowModel } from './MfaDevicesModel.js';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, row, stack, text } from '../../styles/shared.css.js';
import { RecoveryCodes } from '../shared/RecoveryCodes.js';
import { RenameForm } from '../shared/RenameForm.js';
import * as styles from './MfaDevices.css.js';
import { StepUpPrompt } from './StepUpPrompt.js';
import { useLocale, useMessages, type Translate } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


type Device = NonNullable<MfaDevicesFlowModel['devices']>[number];

export interface MfaDevicesViewProps {
  flow: MfaDevicesFlowModel;
  /** Open at first render (stories); otherwise the list opens with "Manage second steps". */
  defaultOpen?: boolean;
}

const deviceName = (device: Device, t: Translate) => device.alias || (device.type === 'passkey' ? t('mfaDevices.passkey') : t('mfaEnrol.heading'));

/**
 * The user's second-step devices behind one disclosure, so the user menu stays compact: each with
 * its name and a "Default" marker; rename, make default, delete (confirmed), and new recovery
 * codes, shown once until acknowledged. A delete or new codes refused for want of a recent second step
 * shows "Confirm it's you" (`StepUpPrompt`) with the user's methods. Presentational over `useMfaDevices()`; the root
 * carries `data-state`.
 */
export function MfaDevicesView({ flow, defaultOpen = false }: MfaDevicesViewProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  const regionId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [renaming, setRenaming] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const devices = flow.devices ?? [];
  const shownCodes = flow.recoveryCodes?.recoveryCodes ?? [];
  // Removing a second step was refused until the user confirms with one (see StepUpPrompt).
  const stepUp = flow.stepUp;
  const toggle = () => {
    if (!open && flow.devices === undefined) flow.loadDevices();
    setOpen(!open);
  };
  return (
    <div className={stack} dir={dir} lang={locale} data-flow="mfa-devices" data-state={open ? flow.status : 'closed'}>
      <button type="button" className={button.quiet} aria-expanded={open} aria-controls={regionId} onClick={toggle}>
        {t('mfaDevices.manage')}
      </button>
      {open ? (
        <section id={regionId} className={stack} aria-label={t('mfaDevices.region')}>
          {flow.status === 'loadingDevices' ? <Spinner /> : null}
          {/* With new codes shown, their own step shows why recording the acknowledgement failed; a step-up, its own. */}
          <ErrorMessage>{flow.isBusy || shownCodes.length > 0 || stepUp ? undefined : errorText(flow.error)}</ErrorMessage>
          {flow.devices !== undefined && devices.length === 0 ? <p className={mutedText}>{t('mfaDevices.none')}</p> : null}
          <ul className={styles.deviceList} aria-label={t('mfaDevices.list')}>
            {devices.map((device) => (
              <li key={device.id} className={stack}>
                <div className={row}>
                  <span className={text}>
                    {deviceName(device, t)}
                    {device.default ? <span className={mutedText}> · {t('mfaDevices.default')}</span> : null}
                  </span>
                </div>
                {renaming === device.id ? (
                  <RenameForm
                    label={t('mfaDevices.name')}
                    maxLength={80}
                    initial={device.alias ?? ''}
                    onCancel={() => setRenaming(undefined)}
                    onSave={(alias) => {
                      flow.renameDevice(device.id, alias);
                      setRenaming(undefined);
                    }}
                  />
                ) : confirming === device.id ? (
                  <div className={stack} role="group" aria-label={t('mfaDevices.deleteNamed', { name: deviceName(device, t) })}>
                    <p className={mutedText}>{t('mfaDevices.deleteConfirm', { name: deviceName(device, t) })}</p>
                    <div className={row}>
                      <button
                        type="button"
                        className={button.primary}
                        onClick={() => {
                          flow.deleteDevice(device.id);
                          setConfirming(undefined);
                        }}
                      >
                        {t('mfaDevices.delete')}
                      </button>
                      <button type="button" className={button.quiet} onClick={() => setConfirming(undefined)}>
                        {t('mfaDevices.keep')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className={row} role="group" aria-label={deviceName(device, t)}>
                    <button type="button" className={button.quiet} aria-disabled={flow.isBusy ? true : undefined} onClick={() => !flow.isBusy && setRenaming(device.id)}>
                      {t('mfaDevices.rename')}
                    </button>
                    {device.default ? null : (
                      <button type="button" className={button.quiet} aria-disabled={flow.isBusy ? true : undefined} onClick={() => !flow.isBusy && flow.makeDefaultDevice(device.id)}>
                        {t('mfaDevices.makeDefault')}
                      </button>
                    )}
                    <button type="button" className={button.quiet} aria-disabled={flow.isBusy ? true : undefined} onClick={() => !flow.isBusy && setConfirming(device.id)}>
                      {t('mfaDevices.deleteOpen')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {stepUp ? (
            <StepUpPrompt flow={stepUp} />
          ) : shownCodes.length > 0 ? (
            <RecoveryCodes
              codes={shownCodes}
              isSaving={flow.status === 'acknowledgingRecoveryCodes'}
              error={flow.error}
              onAcknowledge={() => flow.acknowledgeRecoveryCodes()}
            />
          ) : devices.length > 0 ? (
            <button type="button" className={button.secondary} aria-disabled={flow.isBusy ? true : undefined} onClick={() => !flow.isBusy && flow.regenerateRecoveryCodes()}>
              {flow.status === 'fetchingRecoveryCodes' ? <Spinner /> : null}
              {t('mfaDevices.newCodes')}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
