// `@latchkey/ui/flows`: the flow components and their presentational steps (props in, callbacks out) for
// hosts that wire or arrange them themselves, and for stories. They live on their own entry point because
// the dialog loads them lazily: re-exported from the main entry, a bundler that assigns whole modules to
// chunks (esbuild) would pull them into the host's first chunk even when only the button is rendered.
export { EmailSignIn, type EmailSignInCustomProps } from './EmailSignIn/EmailSignIn.js';
export { EmailStep, type EmailStepProps } from './EmailSignIn/EmailStep.js';
export { CodeStep, type CodeStepProps } from './EmailSignIn/CodeStep.js';
export { EmailFlowView, type EmailFlowViewProps } from './EmailSignIn/EmailFlowView.js';
export type { EmailFlowModel, EmailFlowStatus, FlowError } from './EmailSignIn/types.js';
export { PhoneSignIn, type PhoneSignInCustomProps } from './PhoneSignIn/PhoneSignIn.js';
export { PhoneStep, type PhoneStepProps } from './PhoneSignIn/PhoneStep.js';
export { PhoneFlowView, type PhoneFlowViewProps } from './PhoneSignIn/PhoneFlowView.js';
export { CountrySelect, type CountrySelectProps } from './PhoneSignIn/CountrySelect.js';
export { countryLabel, pickDefaultCountry, smsCountries, type SmsProviderSettings } from './PhoneSignIn/countries.js';
export type { PhoneValue, SmsCountry, SmsFlowModel, SmsFlowStatus } from './PhoneSignIn/types.js';
export { EmailOrPhoneStep, type EmailOrPhoneStepProps } from './EmailOrPhone/EmailOrPhoneStep.js';
export { SocialSignIn, type SocialSignInCustomProps, type SocialSignInProps } from './SocialSignIn/SocialSignIn.js';
export { SocialButtons, type SocialButtonsProps } from './SocialSignIn/SocialButtons.js';
export { socialLayoutFrom, socialProvidersFrom, type SocialSettings } from './SocialSignIn/socialSettings.js';
export { providerLabel, type SocialFlowModel, type SocialFlowStatus } from './SocialSignIn/types.js';
export { LoginView, type LoginViewProps, type LoginViewSection } from '../LoginView/LoginView.js';
export { PasskeySignIn, type PasskeySignInProps } from './Passkey/PasskeySignIn.js';
export { PasskeyManager, type PasskeyManagerProps } from './Passkey/PasskeyManager.js';
export type { PasskeyFlowModel, PasskeyFlowStatus, PasskeyItem } from './Passkey/types.js';
export { MfaChallenge, type MfaChallengeProps } from './Mfa/MfaChallenge.js';
export { MfaDevices, type MfaDevicesProps } from './Mfa/MfaDevices.js';
export { TotpEnrolment, type TotpEnrolmentProps } from './Mfa/TotpEnrolment.js';
export { TotpCodeForm, type TotpCodeFormProps } from './Mfa/TotpCodeForm.js';
export type { MfaFlowModel, MfaFlowStatus } from './Mfa/types.js';
export { RecoveryCodes, type RecoveryCodesProps } from './Mfa/RecoveryCodes.js';
export { MobileWalletConnect, type MobileWalletConnectCustomProps, type MobileWalletConnectProps } from './MobileWallet/MobileWalletConnect.js';
export { DEFAULT_MOBILE_WALLET_MESSAGE, MobileWalletConnectView, type MobileWalletConnectViewProps } from './MobileWallet/MobileWalletConnectView.js';
export type { MobileWalletFlowModel, MobileWalletFlowStatus } from './MobileWallet/types.js';
export { SolanaBalances, type SolanaBalancesProps } from './Solana/SolanaBalances.js';
export { SolanaSend, type SolanaSendProps } from './Solana/SolanaSend.js';
export { SendForm, type SendFormProps } from './Solana/SendForm.js';
export { TransferReview, type TransferReviewProps } from './Solana/TransferReview.js';
export { TransferStatus, type TransferStatusProps } from './Solana/TransferStatus.js';
export { NetworkPicker, type NetworkPickerProps } from './Solana/NetworkPicker.js';
export type {
  NetworkItem,
  SelectorSettings,
  SendFlowModel,
  SendFlowStatus,
  SimulationModel,
  SolanaBalanceItem,
  TransferRequestModel,
} from './Solana/types.js';
export { CreateWalletStep, type CreateWalletStepProps } from './EmbeddedWallet/CreateWalletStep.js';
export { SessionPrompt, type SessionPromptProps } from './EmbeddedWallet/SessionPrompt.js';
export { RecoveryStep, type RecoveryStepProps } from './EmbeddedWallet/RecoveryStep.js';
export { ExportStep, type ExportStepProps } from './EmbeddedWallet/ExportStep.js';
export type { EmbeddedWalletFlowModel, EmbeddedWalletStatus } from './EmbeddedWallet/types.js';
export { WalletBlock, type WalletBlockProps } from './Wallets/WalletBlock.js';
export { WalletList, type WalletListProps } from './Wallets/WalletList.js';
export { LinkedWallets, type LinkedWalletsProps } from './Wallets/LinkedWallets.js';
export type { WalletFlowModel, WalletFlowStatus, WalletListItem } from './Wallets/types.js';
export { WalletPanelView, type WalletPanelScreen, type WalletPanelViewProps } from './WalletPanel/WalletPanelView.js';
