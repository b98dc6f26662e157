// `@latchkey/ui/flows`: the flow components and their presentational steps (props in, callbacks out) for
// hosts that wire or arrange them themselves, and for stories. They live on their own entry point because
// the dialog loads them lazily: re-exported from the main entry, a bundler that assigns whole modules to
// chunks (esbuild) would pull them into the host's first chunk even when only the button is rendered.
export { EmailSignIn, type EmailSignInCustomProps } from './EmailSignIn/EmailSignIn.js';
export { EmailStep, type EmailStepProps } from './EmailSignIn/EmailStep.js';
export { CodeStep, type CodeStepProps } from './shared/CodeStep.js';
export { EmailSignInView, type EmailSignInViewProps } from './EmailSignIn/EmailSignInView.js';
export type { EmailFlowModel, EmailFlowStatus, FlowError } from './EmailSignIn/types.js';
export { SmsSignIn, type SmsSignInCustomProps } from './SmsSignIn/SmsSignIn.js';
export { PhoneStep, type PhoneStepProps } from './SmsSignIn/PhoneStep.js';
export { SmsSignInView, type SmsSignInViewProps } from './SmsSignIn/SmsSignInView.js';
export { CountrySelect, type CountrySelectProps } from './SmsSignIn/CountrySelect.js';
export { countryLabel, pickDefaultCountry, smsCountries, type SmsProviderSettings } from './SmsSignIn/countries.js';
export type { PhoneValue, SmsCountry, SmsFlowModel, SmsFlowStatus } from './SmsSignIn/types.js';
export { EmailOrPhoneStep, type EmailOrPhoneStepProps } from '../screens/LoginView/EmailOrPhoneStep.js';
export { SocialSignIn, type SocialSignInCustomProps, type SocialSignInProps } from './SocialSignIn/SocialSignIn.js';
export { SocialSignInView, type SocialSignInViewProps } from './SocialSignIn/SocialSignInView.js';
export { socialLayoutFrom, socialProvidersFrom, type SocialSettings } from './SocialSignIn/socialSettings.js';
export { providerLabel, type SocialFlowModel, type SocialFlowStatus } from './SocialSignIn/types.js';
export { LoginView, type LoginViewProps, type LoginViewSection } from '../screens/LoginView/LoginView.js';
export { PasskeySignIn, type PasskeySignInProps } from './Passkey/PasskeySignIn.js';
export { PasskeyManager, type PasskeyManagerProps } from './Passkey/PasskeyManager.js';
export type { PasskeyFlowModel, PasskeyFlowStatus, PasskeyItem } from './Passkey/types.js';
export { MfaChallenge, type MfaChallengeProps } from './Mfa/MfaChallenge.js';
export { MfaDevices, type MfaDevicesProps } from './Mfa/MfaDevices.js';
export { TotpEnrolment, type TotpEnrolmentProps } from './Mfa/TotpEnrolment.js';
export { TotpCodeForm, type TotpCodeFormProps } from './Mfa/TotpCodeForm.js';
export type { MfaFlowModel, MfaFlowStatus } from './Mfa/types.js';
export { RecoveryCodes, type RecoveryCodesProps } from './Mfa/RecoveryCodes.js';
export { MobileWallet, type MobileWalletCustomProps, type MobileWalletProps } from './MobileWallet/MobileWallet.js';
export { DEFAULT_MOBILE_WALLET_MESSAGE, MobileWalletView, type MobileWalletViewProps } from './MobileWallet/MobileWalletView.js';
export type { MobileWalletFlowModel, MobileWalletFlowStatus } from './MobileWallet/types.js';
export { SolanaBalances, type SolanaBalancesProps } from '../screens/WalletPanel/SolanaBalances.js';
export { SendTransactionView, type SendTransactionViewProps } from './SendTransaction/SendTransactionView.js';
export { SendForm, type SendFormProps } from './SendTransaction/SendForm.js';
export { TransferReview, type TransferReviewProps } from './SendTransaction/TransferReview.js';
export { TransferStatus, type TransferStatusProps } from './SendTransaction/TransferStatus.js';
export { NetworkPicker, type NetworkPickerProps } from '../screens/WalletPanel/NetworkPicker.js';
export type {
  NetworkItem,
  SelectorSettings,
  SendFlowModel,
  SendFlowStatus,
  SimulationModel,
  SolanaBalanceItem,
  TransferRequestModel,
} from './SendTransaction/types.js';
export { CreateWalletStep, type CreateWalletStepProps } from './EmbeddedWallet/CreateWalletStep.js';
export { SessionPrompt, type SessionPromptProps } from './EmbeddedWallet/SessionPrompt.js';
export { RecoveryStep, type RecoveryStepProps } from './EmbeddedWallet/RecoveryStep.js';
export { ExportStep, type ExportStepProps } from './EmbeddedWallet/ExportStep.js';
export type { EmbeddedWalletFlowModel, EmbeddedWalletStatus } from './EmbeddedWallet/types.js';
export { WalletSignInView, type WalletSignInViewProps } from './WalletSignIn/WalletSignInView.js';
export { WalletList, type WalletListProps } from './WalletSignIn/WalletList.js';
export { LinkedWallets, type LinkedWalletsProps } from '../screens/UserMenu/LinkedWallets.js';
export type { WalletFlowModel, WalletFlowStatus, WalletListItem } from './WalletSignIn/types.js';
export { WalletPanelView, type WalletPanelScreen, type WalletPanelViewProps } from '../screens/WalletPanel/WalletPanelView.js';
