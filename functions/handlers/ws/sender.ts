import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { managementClient } from '../../clients';
import { requireEnv } from '../../config';
import type { ConnectionSender } from '../../domain/broadcast';
import { ENV } from '../../store/tables';

const env = requireEnv(ENV.wsManagementEndpoint);
const management = managementClient(env[ENV.wsManagementEndpoint]);

/** PostToConnection on the WebSocket API's management endpoint; 410 Gone is `gone`, not an error. */
export const sender: ConnectionSender = {
  async send(connectionId, data) {
    try {
      await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) {
        return 'gone';
      }
      throw error;
    }
  },
};
