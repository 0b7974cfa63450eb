import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../web/src/lib/config';

const VALID = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'client',
  apiUrl: 'https://vaya-dia.example/',
  wsUrl: 'wss://live.vaya-dia.example/prod',
};

function answering(body: string, status = 200): typeof fetch {
  return () => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }));
}

async function failure(fetchImpl: typeof fetch): Promise<ConfigError> {
  const error: unknown = await loadConfig(fetchImpl).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('the site configuration read at start (/config.json)', () => {
  it('is taken as it is when every field is right, the optional ones included', async () => {
    const full = {
      ...VALID,
      userPoolEndpoint: 'http://127.0.0.1:9229',
      oauthDomain: 'auth.vaya-dia.example',
      authFlowType: 'USER_SRP_AUTH',
    };
    await expect(loadConfig(answering(JSON.stringify(VALID)))).resolves.toEqual(VALID);
    await expect(loadConfig(answering(JSON.stringify(full)))).resolves.toEqual(full);
  });

  it('names, in Spanish, every field that is missing or wrong', async () => {
    const broken = { ...VALID, userPoolId: '', wsUrl: 'no es una dirección', authFlowType: 'MAGIC', oauthDomain: 7 };
    delete (broken as Partial<typeof VALID>).apiUrl;
    expect((await failure(answering(JSON.stringify(broken)))).message).toBe(
      'La configuración del sitio (/config.json) no es válida: revisa userPoolId, apiUrl, wsUrl, oauthDomain, authFlowType.',
    );
  });

  it('says so when the body is not an object, not JSON, or not there', async () => {
    for (const body of ['[]', 'null', '"texto"']) {
      expect((await failure(answering(body))).message).toBe('La configuración del sitio (/config.json) no es válida: revisa (raíz).');
    }
    expect((await failure(answering('<html>'))).message).toBe('La configuración del sitio (/config.json) no es un JSON válido.');
    expect((await failure(answering('{}', 503))).message).toBe(
      'No se pudo descargar la configuración del sitio (/config.json): respuesta 503.',
    );
    expect((await failure(() => Promise.reject(new TypeError('offline')))).message).toMatch(/^No se pudo descargar la configuración/);
  });
});
