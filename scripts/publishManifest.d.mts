/** Types of publishManifest.mjs for the tests that import it. */
export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  engines?: { node?: string };
  files?: string[];
  exports: Record<string, unknown>;
  publishConfig: { exports: Record<string, unknown> } & Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [key: string]: unknown;
}

export interface PublishablePackage {
  dir: string;
  manifestPath: string;
  manifest: PackageManifest;
}

export function publishablePackages(): PublishablePackage[];
export function withoutSource<T>(value: T): T;
export function withPublishExports(manifest: PackageManifest): PackageManifest;
