interface ImportMetaEnv {
  readonly LATCHKEY_SANDBOX_URL?: string;
  readonly LATCHKEY_ENVIRONMENT_ID?: string;
}
