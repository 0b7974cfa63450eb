import { exportFileName } from '../../contract/accountData';
import { exportMyData } from '../../domain/accountData';
import { accountFromClaims } from '../../domain/author';
import { json, jwtClaims, signedInHandler } from './http';
import { accountDataReader, accountExportLimiter, appealStore, blockStore } from '../../wiring';

const deps = { data: accountDataReader(), limiter: accountExportLimiter(), blocks: blockStore({ names: true }), appeals: appealStore() };

/** GET /me/export — the caller's data as a JSON file to download, at most EXPORT_RATE_LIMIT a day. */
export const handler = signedInHandler(async (event, caller) => {
  const data = await exportMyData(deps, { ...accountFromClaims(jwtClaims(event)), row: caller.row });
  const answer = json(200, data);
  answer.headers['content-disposition'] = `attachment; filename="${exportFileName(data.account.name)}"`;
  return answer;
});
