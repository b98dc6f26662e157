interface ImportMetaEnv {
  readonly LATCHKEY_SANDBOX_URL?: string;
  readonly LATCHKEY_ENVIRONMENT_ID?: string;
  readonly LATCHKEY_CUSTODY_URL?: string;
  readonly LATCHKEY_CLOUD_DRIVE_URL?: string;
}
