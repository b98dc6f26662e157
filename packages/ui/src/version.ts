/** This package's version: the kit's (see `checkKitVersions` of @latchkey/headless), checked by the provider. */
export const version = '4.18.0';
