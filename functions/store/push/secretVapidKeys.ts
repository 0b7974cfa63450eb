import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { VapidKeySource, VapidKeys } from '../../domain/ports/push';

/**
 * The VAPID keys from a Secrets Manager secret whose value is `{ publicKey, privateKey, subject }`
 * (docs/deploy-and-operate.md says how to make it), read once per execution environment. Locally the
 * same call reaches the local cloud's stand-in (infra/local/aws/secretsmanager), which keeps them in
 * the data folder: the SDK finds it through `AWS_ENDPOINT_URL_SECRETS_MANAGER`.
 */
export class SecretVapidKeys implements VapidKeySource {
  private loaded: Promise<VapidKeys> | undefined;

  constructor(
    private readonly client: SecretsManagerClient,
    private readonly secretId: string,
  ) {}

  keys(): Promise<VapidKeys> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  private async load(): Promise<VapidKeys> {
    const { SecretString } = await this.client.send(new GetSecretValueCommand({ SecretId: this.secretId }));
    const value: unknown = JSON.parse(SecretString ?? '{}');
    const { publicKey, privateKey, subject } = (value ?? {}) as Record<string, unknown>;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string' || typeof subject !== 'string') {
      throw new Error('The VAPID secret must be JSON with publicKey, privateKey and subject');
    }
    return { publicKey, privateKey, subject };
  }
}
